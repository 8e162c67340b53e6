import { randomBytes } from 'node:crypto';
import { slugify } from '../../domain/slug.ts';

/** The slug for `name`, with -2, -3 … (then a random suffix) until `taken` says it is free. */
export async function uniqueSlug(name: string, taken: (slug: string) => Promise<boolean>): Promise<string> {
  const base = slugify(name);
  for (let n = 1; n <= 5; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
  return `${base}-${randomBytes(3).toString('hex')}`;
}

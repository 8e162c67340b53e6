import { randomBytes } from 'node:crypto';
import { slugify } from '../../domain/slug.ts';

/** How many candidates uniqueSlug tries (the slug, then -2 … -5) before a random suffix. */
export const UNIQUE_SLUG_TRIES = 5;

/** The slug for `name`, with -2, -3 … (then a random suffix) until `taken` says it is free. */
export async function uniqueSlug(name: string, taken: (slug: string) => Promise<boolean>): Promise<string> {
  const base = slugify(name);
  for (let n = 1; n <= UNIQUE_SLUG_TRIES; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
  return `${base}-${randomBytes(3).toString('hex')}`;
}

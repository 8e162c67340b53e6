import type { Category } from '../../../contract/category.ts';

export function toWireCategory(row: { id: number; name: string; slug: string }): Category {
  return { _id: String(row.id), name: row.name, slug: row.slug };
}

import { type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';

/** Which rows a list answers: a page of `size`, or, asked for without a page, the first `unpagedMax`. */
export interface ListWindow {
  limit: number;
  offset: number;
}

export function listWindow(page: number | undefined, size: number, unpagedMax: number): ListWindow {
  if (page === undefined) return { limit: unpagedMax, offset: 0 };
  return { limit: size, offset: (page - 1) * size };
}

export interface Listed<T> {
  items: T[];
  total: number;
}

/**
 * A window of a list with the list's true total. The first page asks for both at once; a later page
 * counts first and, when it starts past the end, answers the empty list without reading any rows.
 */
export async function listWithTotal<T>(
  window: ListWindow,
  count: () => Promise<number>,
  list: (window: ListWindow) => Promise<T[]>,
): Promise<Listed<T>> {
  if (window.offset === 0) {
    const [items, total] = await Promise.all([list(window), count()]);
    return { items, total };
  }
  const total = await count();
  return { items: window.offset < total ? await list(window) : [], total };
}

/**
 * Keyset paging: the rows after (or before) a cursor row in the order of `key` then `id`. The cursor's key
 * is read from its own row (by primary key), so the comparison is exact to the database's precision; the
 * page is then one range of an index on (key, id), whatever its depth. The cursor may be a placeholder (a
 * prepared query's) or an SQL parameter.
 */
export function keysetCondition(table: AnyPgTable, key: AnyPgColumn, id: AnyPgColumn, cursorId: number | SQLWrapper, descending: boolean): SQL {
  const cursor = sql`(select c.${sql.identifier(key.name)}, c.${sql.identifier(id.name)} from ${table} c where c.${sql.identifier(id.name)} = ${cursorId})`;
  return descending ? sql`(${key}, ${id}) < ${cursor}` : sql`(${key}, ${id}) > ${cursor}`;
}

export type Cursor = { after: number } | { before: number } | null;

/** The cursor the list's query string names: the page after one row, before one, or the first page. */
export const cursorOf = (query: { after?: number | undefined; before?: number | undefined }): Cursor =>
  query.after !== undefined ? { after: query.after } : query.before !== undefined ? { before: query.before } : null;

/**
 * A keyset page from `pageSize + 1` rows read in the list's order (turned round when walking backwards):
 * the rows to show and the cursors of the next and previous pages (null: none).
 */
export function cursorPage<T extends { id: number }>(rows: T[], pageSize: number, cursor: Cursor): { shown: T[]; next: number | null; prev: number | null } {
  const backwards = cursor !== null && 'before' in cursor;
  const more = rows.length > pageSize;
  // Backwards, the extra row is the first (the rows were turned round).
  const shown = more ? (backwards ? rows.slice(1) : rows.slice(0, pageSize)) : rows;
  const first = shown[0];
  const last = shown.at(-1);
  const next = backwards || more ? last : undefined;
  const prev = backwards ? (more ? first : undefined) : cursor !== null ? first : undefined;
  return { shown, next: next?.id ?? null, prev: prev?.id ?? null };
}

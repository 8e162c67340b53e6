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

/**
 * The next page of a list loaded page by page: while fewer than `total` items are loaded, or, when the
 * total is unknown, while pages come back full. An empty page always ends the list.
 */
export function nextPage(
  page: { loaded: number; lastCount: number; total: number | null; pageSize: number },
  lastPageParam: number,
): number | undefined {
  if (page.lastCount === 0) return undefined;
  const more = page.total !== null ? page.loaded < page.total : page.lastCount === page.pageSize;
  return more ? lastPageParam + 1 : undefined;
}

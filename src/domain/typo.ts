/** Words at least this long are forgiven one typo in a search ("hedphones" finds "headphones"). */
export const TYPO_MIN_LENGTH = 5;

/**
 * Whether `a` and `b` differ by exactly one typo: a letter missing, one too many, one wrong, or two
 * neighbours swapped (the optimal string alignment distance is 1). Compared as given (lower-case both).
 */
export function oneTypoApart(a: string, b: string): boolean {
  if (a === b) return false;
  const x = Array.from(a);
  const y = Array.from(b);
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  const rest = (from: number, to: number) => x.slice(from).join('') === y.slice(to).join('');
  if (x.length === y.length) {
    // One letter wrong, or two neighbours swapped.
    return rest(i + 1, i + 1) || (x[i] === y[i + 1] && x[i + 1] === y[i] && rest(i + 2, i + 2));
  }
  return x.length > y.length ? rest(i + 1, i) : rest(i, i + 1);
}

/** The words of some texts (lower case, letters and digits), with how many times each occurs. */
export function wordCounts(texts: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

/**
 * Of `candidates` (words with how common each is: the catalogue's words with how many products have them,
 * the category names' words), the one one typo away from `word` (lower case), the most common if several
 * are (ties: the first in alphabetical order); null if none.
 */
export function correctWord(word: string, candidates: Iterable<readonly [string, number]>): string | null {
  let best: string | null = null;
  let bestCount = 0;
  const counts = new Map<string, number>();
  for (const [candidate, count] of candidates) {
    if (oneTypoApart(word, candidate)) counts.set(candidate, (counts.get(candidate) ?? 0) + count);
  }
  for (const [candidate, count] of counts) {
    if (count > bestCount || (count === bestCount && best !== null && candidate < best)) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/** An ILIKE pattern matching `words` anywhere, its own `\`, `%` and `_` taken literally. */
export const likePattern = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

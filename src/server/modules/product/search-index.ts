/**
 * The catalogue's search, kept in memory (decision record 0024): the listed products' words, stems and names,
 * newest first, from which a search's matches, ranks and window are found without a query. It answers
 * exactly what the SQL search (repo.searchCondition, searchRank) answers:
 *
 * - a word matches a product when one of its stems (the `search` column's lexemes, English) starts with the
 *   word's stem, or, from SUBSTRING_MIN_LENGTH characters on, when the word is inside its name or
 *   description (ignoring case: inside one of their runs of letters and digits, since a search word is one),
 *   or inside its category's name; a short word (a stop word) that has no stem is left out when other words
 *   remain;
 * - the rank: every word's stem a whole stem of the name (4), every word inside the name (2), every word's
 *   stem a whole stem anywhere (1); matches best first, newest first within a rank.
 */

/** One listed product as the index reads it (repo.searchIndexRows), newest first. */
export interface SearchIndexRow {
  id: number;
  categoryId: number;
  name: string;
  description: string;
  /** The lexemes of the name (weight A), and of the description (weight B), separated by spaces. */
  nameLexemes: string;
  descriptionLexemes: string;
}

export interface SearchWindow {
  total: number;
  /** The ids of the window, best first, newest first within a rank. */
  ids: number[];
}

/** A word's stems as PostgreSQL's English configuration gives them: none for a stop word. */
export type Stems = ReadonlyMap<string, readonly string[]>;

const RUN = /[\p{L}\p{N}]+/gu;
const trigramsOf = (text: string): string[] => {
  const found: string[] = [];
  for (let at = 0; at + 3 <= text.length; at++) found.push(text.slice(at, at + 3));
  return found;
};

/** Lists of numbers by key, while the index is built. */
class Postings {
  readonly lists = new Map<string, number[]>();
  add(key: string, value: number): void {
    const list = this.lists.get(key);
    if (list) list.push(value);
    else this.lists.set(key, [value]);
  }
  freeze(): FrozenPostings {
    const frozen = new FrozenPostings(this.lists);
    this.lists.clear();
    return frozen;
  }
}

/**
 * The lists, frozen into two arrays (every list end to end, and where each starts): a key costs a map entry
 * and no object of its own (most keys, a product's number, have one entry).
 */
class FrozenPostings {
  private readonly slots = new Map<string, number>();
  private readonly starts: Int32Array;
  private readonly values: Int32Array;
  constructor(lists: ReadonlyMap<string, readonly number[]>) {
    this.starts = new Int32Array(lists.size + 1);
    let total = 0;
    for (const list of lists.values()) total += list.length;
    this.values = new Int32Array(total);
    let slot = 0;
    let at = 0;
    for (const [key, list] of lists) {
      this.slots.set(key, slot);
      this.values.set(list, at);
      at += list.length;
      slot += 1;
      this.starts[slot] = at;
    }
  }
  get(key: string): Int32Array | undefined {
    const slot = this.slots.get(key);
    return slot === undefined ? undefined : this.values.subarray(this.starts[slot], this.starts[slot + 1]);
  }
  keys(): IterableIterator<string> {
    return this.slots.keys();
  }
  get bytes(): number {
    return this.values.byteLength + this.starts.byteLength + this.slots.size * 48;
  }
}

/** Build steps yield to the event loop every this many products, so other requests are answered meanwhile. */
const BUILD_SLICE = 2_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class SearchIndex {
  private constructor(
    private readonly ids: Int32Array,
    private readonly names: string[],
    /** A category's id (as text) → its products' positions. */
    private readonly categoryPositions: FrozenPostings,
    /** Lexeme → its products' positions × 2, + 1 when in the name. */
    private readonly lexemes: FrozenPostings,
    private readonly sortedLexemes: string[],
    /** A run of letters and digits of a name or description (lower case) → its products' positions × 2, + 1 when in the name. */
    private readonly runs: FrozenPostings,
    private readonly runList: string[],
    private readonly runTrigrams: FrozenPostings,
    /** The bytes it holds, roughly. */
    readonly bytes: number,
  ) {}

  get size(): number {
    return this.ids.length;
  }

  /**
   * The index of the listed products, read in batches by `read` (newest first, after the last row of the
   * batch before); it stops (rejects) once `stale` says the catalogue changed.
   */
  static async build(read: (after: SearchIndexRow | undefined) => Promise<SearchIndexRow[]>, stale: () => boolean = () => false): Promise<SearchIndex> {
    const ids: number[] = [];
    const names: string[] = [];
    const categories = new Postings();
    const lexemes = new Postings();
    const runs = new Postings();
    let bytes = 0;
    let last: SearchIndexRow | undefined;
    for (;;) {
      if (stale()) throw new Error('the catalogue changed while the search index was read');
      const batch = await read(last);
      if (batch.length === 0) break;
      for (let start = 0; start < batch.length; start += BUILD_SLICE) {
        for (const row of batch.slice(start, start + BUILD_SLICE)) {
          const position = ids.length;
          ids.push(row.id);
          const name = row.name.toLowerCase();
          names.push(name);
          bytes += 40 + name.length * 2;
          categories.add(String(row.categoryId), position);
          const inName = new Set(row.nameLexemes.split(' ').filter(Boolean));
          for (const lexeme of inName) lexemes.add(lexeme, position * 2 + 1);
          for (const lexeme of new Set(row.descriptionLexemes.split(' '))) if (lexeme && !inName.has(lexeme)) lexemes.add(lexeme, position * 2);
          const nameRuns = new Set(Array.from(name.matchAll(RUN), (match) => match[0]));
          for (const run of nameRuns) runs.add(run, position * 2 + 1);
          for (const run of new Set(Array.from(row.description.toLowerCase().matchAll(RUN), (match) => match[0]))) {
            if (!nameRuns.has(run)) runs.add(run, position * 2);
          }
        }
        await nextTurn();
      }
      last = batch.at(-1);
    }
    const runMap = runs.freeze();
    const runList = [...runMap.keys()];
    const trigrams = new Postings();
    runList.forEach((run, index) => {
      for (const trigram of new Set(trigramsOf(run))) trigrams.add(trigram, index);
    });
    const lexemeMap = lexemes.freeze();
    const sortedLexemes = [...lexemeMap.keys()].sort();
    const trigramMap = trigrams.freeze();
    const categoryMap = categories.freeze();
    bytes += (runList.length + sortedLexemes.length) * 40 + runMap.bytes + lexemeMap.bytes + trigramMap.bytes + categoryMap.bytes + ids.length * 4;
    return new SearchIndex(Int32Array.from(ids), names, categoryMap, lexemeMap, sortedLexemes, runMap, runList, trigramMap, bytes);
  }

  /** The lexemes starting with `prefix`, in order. */
  private lexemesFrom(prefix: string): string[] {
    let low = 0;
    let high = this.sortedLexemes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.sortedLexemes[middle] as string) < prefix) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let at = low; at < this.sortedLexemes.length && (this.sortedLexemes[at] as string).startsWith(prefix); at++) found.push(this.sortedLexemes[at] as string);
    return found;
  }

  /** The runs of letters and digits that hold `word` (3 characters or more): through the rarest of its trigrams. */
  private runsHolding(word: string): string[] {
    let rarest: Int32Array | undefined;
    for (const trigram of trigramsOf(word)) {
      const list = this.runTrigrams.get(trigram);
      if (!list) return [];
      if (!rarest || list.length < rarest.length) rarest = list;
    }
    const found: string[] = [];
    for (const index of rarest ?? []) {
      const run = this.runList[index] as string;
      if (run.includes(word)) found.push(run);
    }
    return found;
  }

  /**
   * The search for `words` (lower case, as repo.searchWords gives them), with each word's stems and the
   * categories whose names hold each long word: its total and the window at `offset` of `limit` ids.
   * `longFrom`: how many characters (code points) a word needs to be looked for inside words.
   */
  search(
    words: readonly string[],
    stems: Stems,
    categoriesHolding: (word: string) => readonly number[],
    window: { offset: number; limit: number },
    longFrom: number,
  ): SearchWindow {
    // A word twice is the same condition (as in a tsquery): each once.
    words = [...new Set(words)];
    const size = this.ids.length;
    const isLong = (word: string) => Array.from(word).length >= longFrom;
    const stemOf = (word: string) => stems.get(word) ?? [];
    // The clauses every match meets: each long word, and each short word that has a stem (at most 8 words).
    const clauses = words.filter((word) => isLong(word) || stemOf(word).length > 0);
    if (clauses.length === 0 || words.length > 8) return { total: 0, ids: [] };
    // The words of the rank's whole-stem parts: those with a stem (a stop word is left out of a tsquery).
    const stemmed = words.filter((word) => stemOf(word).length > 0);
    const scratch = this.scratchFor(size);
    const { matched, wholeInName, wholeAnywhere, insideName, touched } = scratch;
    let touchedCount = 0;
    const mark = (position: number, bit: number) => {
      const was = matched[position] as number;
      if (was === 0) touched[touchedCount++] = position;
      matched[position] = was | bit;
    };
    clauses.forEach((word, clause) => {
      const bit = 1 << clause;
      const stemBit = 1 << stemmed.indexOf(word);
      const wordStems = stemOf(word);
      for (const stem of wordStems) {
        for (const lexeme of this.lexemesFrom(stem)) {
          const whole = lexeme === stem && wordStems.length === 1;
          for (const entry of this.lexemes.get(lexeme) ?? []) {
            const position = entry >> 1;
            mark(position, bit);
            if (whole) {
              wholeAnywhere[position] = (wholeAnywhere[position] as number) | stemBit;
              if (entry & 1) wholeInName[position] = (wholeInName[position] as number) | stemBit;
            }
          }
        }
      }
      if (!isLong(word)) return;
      const wordBit = 1 << words.indexOf(word);
      for (const run of this.runsHolding(word)) {
        for (const entry of this.runs.get(run) ?? []) {
          const position = entry >> 1;
          mark(position, bit);
          if (entry & 1) insideName[position] = (insideName[position] as number) | wordBit;
        }
      }
      for (const categoryId of categoriesHolding(word)) {
        for (const position of this.categoryPositions.get(String(categoryId)) ?? []) mark(position, bit);
      }
    });
    const all = (1 << clauses.length) - 1;
    const allStemmed = stemmed.length > 0 ? (1 << stemmed.length) - 1 : -1;
    // The touched positions in order (newest first): sorted when few, else every position looked at.
    const candidates = touchedCount < size / 8 ? touched.subarray(0, touchedCount).sort() : undefined;
    // Matches by rank, newest first within each.
    const byRank: number[][] = [[], [], [], [], [], [], [], []];
    // Every word inside the name: a long word's runs in the name were marked; a short word is looked for.
    const longBits = words.reduce((bits, word, index) => (isLong(word) ? bits | (1 << index) : bits), 0);
    const shortWords = words.filter((word) => !isLong(word));
    const rankOf = (position: number) => {
      let inside = Number(((insideName[position] as number) & longBits) === longBits);
      if (inside === 1 && shortWords.length > 0) {
        const name = this.names[position] as string;
        inside = Number(shortWords.every((word) => name.includes(word)));
      }
      return 4 * Number(wholeInName[position] === allStemmed) + 2 * inside + Number(wholeAnywhere[position] === allStemmed);
    };
    if (candidates) {
      for (const position of candidates) if (matched[position] === all) (byRank[rankOf(position)] as number[]).push(position);
    } else {
      for (let position = 0; position < size; position++) if (matched[position] === all) (byRank[rankOf(position)] as number[]).push(position);
    }
    for (let at = 0; at < touchedCount; at++) {
      const position = touched[at] as number;
      matched[position] = 0;
      wholeInName[position] = 0;
      wholeAnywhere[position] = 0;
      insideName[position] = 0;
    }
    let total = 0;
    const ids: number[] = [];
    let skip = window.offset;
    for (let rank = 7; rank >= 0; rank--) {
      const positions = byRank[rank] as number[];
      total += positions.length;
      if (ids.length >= window.limit) continue;
      if (skip >= positions.length) {
        skip -= positions.length;
        continue;
      }
      for (const position of positions.slice(skip, skip + window.limit - ids.length)) ids.push(this.ids[position] as number);
      skip = 0;
    }
    return { total, ids };
  }

  /** Per-search work space, kept with the index and left zeroed after each search (searches run one at a time). */
  private scratch:
    | { matched: Uint8Array; wholeInName: Uint8Array; wholeAnywhere: Uint8Array; insideName: Uint8Array; touched: Int32Array }
    | undefined;
  private scratchFor(size: number) {
    this.scratch ??= {
      matched: new Uint8Array(size),
      wholeInName: new Uint8Array(size),
      wholeAnywhere: new Uint8Array(size),
      insideName: new Uint8Array(size),
      touched: new Int32Array(size),
    };
    return this.scratch;
  }
}

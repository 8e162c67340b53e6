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
 *
 * A search works on bitsets of the products' positions (`search`), narrowed to the words of the bitset its
 * rarest clause can match: about a tenth of a millisecond at 100,000 products for a word in thousands of them.
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
  /** How many entries a key's list has (0: none). */
  count(key: string): number {
    const slot = this.slots.get(key);
    return slot === undefined ? 0 : (this.starts[slot + 1] as number) - (this.starts[slot] as number);
  }
  keys(): IterableIterator<string> {
    return this.slots.keys();
  }
  get bytes(): number {
    return this.values.byteLength + this.starts.byteLength + this.slots.size * 48;
  }
}

/** How many bytes of long posting lists an index keeps as bitsets (12.5 kB each at 100,000 products). */
const BITSETS_MAX_BYTES = 8 * 1024 * 1024;

/** How many bits are set in each 16-bit value, to count a bitset's members two halves at a time. */
const BITS_IN = new Uint8Array(65_536);
for (let value = 1; value < 65_536; value++) BITS_IN[value] = (BITS_IN[value >> 1] as number) + (value & 1);
const bitCount = (bits: number) => (BITS_IN[bits & 0xffff] as number) + (BITS_IN[bits >>> 16] as number);

const setBit = (into: Int32Array, position: number) => {
  into[position >>> 5] = (into[position >>> 5] as number) | (1 << (position & 31));
};

/** Sets the bits of a posting list's positions (entry >> shift; only odd entries, those in the name: `nameOnly`). */
function setPositions(into: Int32Array, list: Int32Array, shift: number, nameOnly: boolean): Int32Array {
  for (const entry of list) if (!nameOnly || (entry & 1) === 1) setBit(into, entry >> shift);
  return into;
}
/**
 * A term of a search: its posting list (entries >> shift are positions; only odd entries, those in the name,
 * when `nameOnly`); or its bitset, made already. Its kind and key name its kept bitset.
 */
interface Term {
  kind: 'lexeme' | 'run' | 'category' | 'names holding';
  key: string;
  list: Int32Array;
  shift: number;
  nameOnly: boolean;
  bits?: Int32Array;
}
const NONE = new Int32Array(0);

/** Past this many characters in the catalogue's words, a word's neighbours one typo away are too many to look up. */
const TYPO_ALPHABET_MAX = 128;

/**
 * How many words of the bitset (32 products each, those holding matches) a search first works out its
 * ranks on, then more: a window within the best rank's matches among them is answered from them alone.
 */
const PREFIX_SLOTS = [8, 64];

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
   * The catalogue's words one typo from `word` (lower case), with how many listed products hold each: the
   * runs of letters and digits of the names and descriptions, 4 to 100 characters (as the vocabulary of
   * repo.wordsLike), found by looking up every text one letter missing, one too many, one wrong or two
   * neighbours swapped (domain/typo.ts's oneTypoApart), over the characters the catalogue's words use.
   * Undefined when those are more than TYPO_ALPHABET_MAX (a word's neighbours would be too many to try).
   */
  wordsOneTypoFrom(word: string): Array<readonly [string, number]> | undefined {
    const alphabet = this.alphabet();
    if (!alphabet) return undefined;
    const letters = Array.from(word);
    // The word before and from each place.
    const before = letters.map((_letter, at) => letters.slice(0, at).join(''));
    const from = letters.map((_letter, at) => letters.slice(at).join(''));
    before.push(word);
    from.push('');
    const found = new Map<string, number>();
    const tryWord = (candidate: string) => {
      const products = this.runs.count(candidate);
      if (products > 0 && candidate !== word) found.set(candidate, products);
    };
    for (let at = 0; at <= letters.length; at++) {
      // A letter more here; then this letter left out, wrong, or swapped with the next.
      for (const letter of alphabet) tryWord((before[at] as string) + letter + (from[at] as string));
      if (at === letters.length) continue;
      tryWord((before[at] as string) + (from[at + 1] as string));
      for (const letter of alphabet) tryWord((before[at] as string) + letter + (from[at + 1] as string));
      if (at + 1 < letters.length) tryWord((before[at] as string) + (letters[at + 1] as string) + (letters[at] as string) + (from[at + 2] as string));
    }
    return [...found].filter(([candidate]) => {
      const length = Array.from(candidate).length;
      return length >= 4 && length <= 100;
    });
  }

  /** The characters of the catalogue's words, found on first use; null when more than TYPO_ALPHABET_MAX. */
  private alphabetFound: string[] | null | undefined;
  private alphabet(): string[] | null {
    if (this.alphabetFound !== undefined) return this.alphabetFound;
    const characters = new Set<string>();
    for (const run of this.runList) {
      for (const character of run) characters.add(character);
      if (characters.size > TYPO_ALPHABET_MAX) return (this.alphabetFound = null);
    }
    return (this.alphabetFound = [...characters]);
  }

  /**
   * The search for `words` (lower case, as repo.searchWords gives them), with each word's stems and the
   * categories whose names hold each long word: its total and the window at `offset` of `limit` ids.
   * `longFrom`: how many characters (code points) a word needs to be looked for inside words.
   *
   * Sets of products are bitsets, a bit per position (newest first), 32 to a word of the bitset. The rarest
   * clause gives the words that may hold matches (from its postings when they are few, else every word);
   * everything after (the other clauses, the rank's three parts, the counts, the window) is found at those
   * words only, as they narrow. A long posting list is kept as a bitset once used (`bitsetOf`), so a word in
   * every product costs a pass over the bitset's words, not a mark per product.
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
    const isLong = (word: string) => Array.from(word).length >= longFrom;
    const stemOf = (word: string) => stems.get(word) ?? [];
    // The clauses every match meets: each long word, and each short word that has a stem (at most 8 words).
    const clauseWords = words.filter((word) => isLong(word) || stemOf(word).length > 0);
    if (clauseWords.length === 0 || words.length > 8) return { total: 0, ids: [] };
    // Each clause's products: its stems' lexemes, and a long word's runs and categories.
    const clauses = clauseWords.map((word) => [
      ...stemOf(word).flatMap((stem) => this.lexemesFrom(stem).map((lexeme) => this.term('lexeme', lexeme, false))),
      ...(isLong(word) ? this.runsHolding(word).map((run) => this.term('run', run, false)) : []),
      ...(isLong(word) ? categoriesHolding(word).map((categoryId) => this.term('category', String(categoryId), false)) : []),
    ]);
    const entries = (terms: Term[]) => terms.reduce((sum, term) => sum + term.list.length, 0);
    clauses.sort((a, b) => entries(a) - entries(b));
    const { at, match, wholeInName, insideName, wholeAnywhere, bits } = this.scratchFor();
    // The words that may hold matches: those of the rarest clause's postings, or every word.
    const rarest = clauses[0] as Term[];
    let count = 0;
    if (entries(rarest) < at.length) {
      const found = new Int32Array(entries(rarest));
      let next = 0;
      for (const term of rarest) for (const entry of term.list) found[next++] = (entry >> term.shift) >>> 5;
      found.sort();
      for (let index = 0; index < found.length; index++) if (index === 0 || found[index] !== found[index - 1]) at[count++] = found[index] as number;
    } else {
      for (let word = 0; word < at.length; word++) at[word] = word;
      count = at.length;
    }
    // The matches: every clause met, the words holding none dropped as they are found.
    clauses.forEach((terms, index) => {
      this.unionAt(terms, at, count, bits);
      let kept = 0;
      for (let slot = 0; slot < count; slot++) {
        const matched = index === 0 ? (bits[slot] as number) : (match[slot] as number) & (bits[slot] as number);
        if (matched === 0) continue;
        match[kept] = matched;
        at[kept++] = at[slot] as number;
      }
      count = kept;
    });
    // `into` (at the first `slots` words holding matches) as the products every one of `items` gives.
    const every = <T>(into: Int32Array, items: readonly T[], terms: (item: T) => Term[], slots: number) => {
      items.forEach((item, index) => {
        this.unionAt(terms(item), at, slots, index === 0 ? into : bits);
        if (index > 0) for (let slot = 0; slot < slots; slot++) into[slot] = (into[slot] as number) & (bits[slot] as number);
      });
    };
    // The rank's parts. Every word's stem a whole stem of the name, and anywhere: none when a word has no
    // stem of its own (a stop word is left out of a tsquery; a word of two stems is never whole).
    const stemmed = words.filter((word) => stemOf(word).length > 0);
    const whole = stemmed.length > 0 && stemmed.every((word) => stemOf(word).length === 1);
    const rankParts = (slots: number) => {
      if (whole) {
        every(wholeInName, stemmed, (word) => [this.term('lexeme', stemOf(word)[0] as string, true)], slots);
        every(wholeAnywhere, stemmed, (word) => [this.term('lexeme', stemOf(word)[0] as string, false)], slots);
      } else {
        wholeInName.fill(0, 0, slots);
        wholeAnywhere.fill(0, 0, slots);
      }
      // Every word inside the name: a long word in one of its runs, a short word anywhere in it.
      every(insideName, words, (word) => (isLong(word) ? this.runsHolding(word).map((run) => this.term('run', run, true)) : [this.namesHolding(word)]), slots);
    };
    // The matches of a rank (4 × whole in the name + 2 × inside the name + whole anywhere) among 32 positions.
    const ofRank = (rank: number, slot: number) =>
      (match[slot] as number) &
      (rank & 4 ? (wholeInName[slot] as number) : ~(wholeInName[slot] as number)) &
      (rank & 2 ? (insideName[slot] as number) : ~(insideName[slot] as number)) &
      (rank & 1 ? (wholeAnywhere[slot] as number) : ~(wholeAnywhere[slot] as number));
    // The ids of a rank's matches among the first `slots` words, past `skip` of them, into `ids` (up to the window's limit).
    const ids: number[] = [];
    const collect = (rank: number, slots: number, skip: number) => {
      for (let slot = 0; slot < slots && ids.length < window.limit; slot++) {
        let members = ofRank(rank, slot);
        if (members === 0) continue;
        const size = bitCount(members);
        if (skip >= size) {
          skip -= size;
          continue;
        }
        while (members !== 0 && ids.length < window.limit) {
          const lowest = members & -members;
          members ^= lowest;
          if (skip > 0) skip -= 1;
          else ids.push(this.ids[(at[slot] as number) * 32 + 31 - Math.clz32(lowest)] as number);
        }
      }
    };
    // A first page often lies among the first matches of the best rank any match can have: the rank's parts
    // are then worked out for the first words only (PREFIX_SLOTS), and the total counted from the matches.
    // The best rank a match can have: whole (7) only when every word's stem is a whole stem of some product.
    const best = whole && stemmed.every((word) => this.lexemes.count(stemOf(word)[0] as string) > 0) ? 7 : 2;
    const wanted = window.offset + window.limit;
    for (const prefix of PREFIX_SLOTS) {
      if (prefix >= count || wanted > prefix * 32) break;
      rankParts(prefix);
      let found = 0;
      for (let slot = 0; slot < prefix && found < wanted; slot++) found += bitCount(ofRank(best, slot));
      if (found < wanted) continue;
      collect(best, prefix, window.offset);
      let total = 0;
      for (let slot = 0; slot < count; slot++) total += bitCount(match[slot] as number);
      return { total, ids };
    }
    rankParts(count);
    const counts = [0, 0, 0, 0, 0, 0, 0, 0];
    for (let slot = 0; slot < count; slot++) {
      const matched = match[slot] as number;
      const all = (wholeInName[slot] as number) & (insideName[slot] as number) & (wholeAnywhere[slot] as number);
      const any = (wholeInName[slot] as number) | (insideName[slot] as number) | (wholeAnywhere[slot] as number);
      // Most words' matches are all of one rank, the best or the last.
      if ((matched & all) === matched) counts[7] = (counts[7] as number) + bitCount(matched);
      else if ((matched & any) === 0) counts[0] = (counts[0] as number) + bitCount(matched);
      else for (let rank = 0; rank < 8; rank++) counts[rank] = (counts[rank] as number) + bitCount(ofRank(rank, slot));
    }
    // The window: ranks best first, positions (newest first) in order within each.
    let skip = window.offset;
    for (let rank = 7; rank >= 0 && ids.length < window.limit; rank--) {
      if (skip >= (counts[rank] as number)) {
        skip -= counts[rank] as number;
        continue;
      }
      collect(rank, count, skip);
      skip = 0;
    }
    return { total: counts.reduce((sum, members) => sum + members, 0), ids };
  }

  /** A term's posting list (none: empty): a lexeme's or a run's (only the products with it in their name: `nameOnly`), or a category's. */
  private term(kind: 'lexeme' | 'run' | 'category', key: string, nameOnly: boolean): Term {
    const postings = kind === 'lexeme' ? this.lexemes : kind === 'run' ? this.runs : this.categoryPositions;
    // A category's list holds positions; the others positions × 2, + 1 in the name.
    return { kind, key, list: postings.get(key) ?? NONE, shift: kind === 'category' ? 0 : 1, nameOnly };
  }

  /**
   * The union of some terms' products at the bitset's words `at[0…count)`, into `into[0…count)`. A short
   * list's bits are set in a zeroed scratch bitset (cleared after); a long one's are read from its bitset.
   */
  private unionAt(terms: readonly Term[], at: Int32Array, count: number, into: Int32Array): void {
    const { part } = this.scratchFor();
    const isShort = (term: Term) => !term.bits && term.list.length * 2 < part.length;
    const short = terms.filter(isShort);
    for (const term of short) setPositions(part, term.list, term.shift, term.nameOnly);
    // The first bits: the short lists' (none: 0), or the first long one's.
    const long = terms.filter((term) => !isShort(term)).map((term) => this.bitsetOf(term));
    const first = short.length > 0 || long.length === 0 ? part : (long.shift() as Int32Array);
    for (let slot = 0; slot < count; slot++) into[slot] = first[at[slot] as number] as number;
    for (const bits of long) for (let slot = 0; slot < count; slot++) into[slot] = (into[slot] as number) | (bits[at[slot] as number] as number);
    for (const term of short) for (const entry of term.list) part[(entry >> term.shift) >>> 5] = 0;
  }

  /** A long term's products as a bitset, kept (up to BITSETS_MAX_BYTES) once made. */
  private bitsetOf(term: Term): Int32Array {
    if (term.bits) return term.bits;
    const name = `${term.kind} ${term.nameOnly ? 'name' : 'any'} ${term.key}`;
    return this.bitsets.get(name) ?? this.keepBitset(name, setPositions(new Int32Array(this.bitsetLength), term.list, term.shift, term.nameOnly));
  }

  /** The products whose name holds `word` (a short one, with no trigram to look it up by): each name looked at once, then kept. */
  private namesHolding(word: string): Term {
    const name = `names holding ${word}`;
    let bits = this.bitsets.get(name);
    if (!bits) {
      const made = new Int32Array(this.bitsetLength);
      this.names.forEach((productName, position) => {
        if (productName.includes(word)) setBit(made, position);
      });
      bits = this.keepBitset(name, made);
    }
    return { kind: 'names holding', key: word, list: NONE, shift: 1, nameOnly: true, bits };
  }

  /** How many numbers a bitset of the products takes (32 products to a number). */
  private get bitsetLength(): number {
    return Math.ceil(this.ids.length / 32);
  }

  /** Long posting lists as bitsets, the oldest dropped past BITSETS_MAX_BYTES. */
  private readonly bitsets = new Map<string, Int32Array>();
  private bitsetBytes = 0;
  private keepBitset(name: string, bits: Int32Array): Int32Array {
    this.bitsets.set(name, bits);
    this.bitsetBytes += bits.byteLength;
    for (const [oldest, kept] of this.bitsets) {
      if (this.bitsetBytes <= BITSETS_MAX_BYTES) break;
      this.bitsets.delete(oldest);
      this.bitsetBytes -= kept.byteLength;
    }
    return bits;
  }

  /** Per-search work space, kept with the index (searches run one at a time): a zeroed bitset (`part`); the words that may hold matches (`at`), with their matches, the rank's parts and a term's bits at each. */
  private scratch: Record<'part' | 'at' | 'match' | 'wholeInName' | 'insideName' | 'wholeAnywhere' | 'bits', Int32Array> | undefined;
  private scratchFor() {
    const words = this.bitsetLength;
    this.scratch ??= {
      part: new Int32Array(words),
      at: new Int32Array(words),
      match: new Int32Array(words),
      wholeInName: new Int32Array(words),
      insideName: new Int32Array(words),
      wholeAnywhere: new Int32Array(words),
      bits: new Int32Array(words),
    };
    return this.scratch;
  }
}

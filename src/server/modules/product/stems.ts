import { stem } from 'stemr';
import type { Db } from '../../db/client.ts';
import { wordStems } from './repo.ts';

/**
 * The English stemmers PostgreSQL's `english_stem` dictionary has run: Snowball's Porter2 as `stemr` has it
 * (PostgreSQL 15 to 17), and Snowball 3's (PostgreSQL 18, PGlite), which stems a few kinds of words
 * differently (SNOWBALL_3_CHANGED).
 */
export type Stemmer = 'porter2' | 'snowball3';

/**
 * The words whose stem Snowball 3.0 and 3.1 changed (their NEWS): "-ogist"; the double consonant after a
 * lone a, e or o kept ("added" is "add"); emerge and emergency, even and evening, later and lateral, organ
 * and organic, past and paste, universe and university, and words starting "inter", no longer conflated;
 * vying, hying and skis. Under Snowball 3 these are asked of the database.
 */
const SNOWBALL_3_CHANGED = /ogist|^[aeo](bb|dd|ff|gg|mm|nn|pp|rr|tt)|^(emerg|even|later|organ|past|univers|inter)|^(vying|hying|skis)$/;

/**
 * A search word's stems as PostgreSQL's English configuration gives them (`to_tsvector('english', word)`),
 * found here, without a query, for the words whose way through it is known:
 *
 * - ASCII letters (an `asciiword`): none for one of its stop words, else its Snowball English (Porter2)
 *   stem, the stemmer PostgreSQL's `english_stem` dictionary runs; under Snowball 3 (`stemmer`), not for
 *   the words it stems differently (SNOWBALL_3_CHANGED);
 * - ASCII letters and digits with a digit (`numword`, `uint`, `sfloat`): the word itself (the `simple`
 *   dictionary).
 *
 * Any other word (letters beyond ASCII, a very long one) is undefined here: asked of the database. So is
 * every word when the database's stemmer is neither (`stemmerOf`). A test compares both ways over thousands
 * of words on both engines (tests/api/stems.test.ts).
 */
export function stemsHere(word: string, stemmer: Stemmer = 'porter2'): string[] | undefined {
  // PostgreSQL drops a word of 2,048 characters or more; far shorter than that, every word is asked.
  if (word.length > MAX_LENGTH) return undefined;
  if (/^[a-z]+$/.test(word)) {
    if (STOP_WORDS.has(word)) return [];
    return stemmer === 'snowball3' && SNOWBALL_3_CHANGED.test(word) ? undefined : [stem(word)];
  }
  if (/^[a-z0-9]+$/.test(word)) return [word];
  return undefined;
}

const MAX_LENGTH = 100;

/** PostgreSQL's English stop words (share/tsearch_data/english.stop). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself
  it its itself they them their theirs themselves what which who whom this that these those am is are was were be
  been being have has had having do does did doing a an the and but if or because as until while of at by for with
  about against between into through during before after above below to from up down in out on off over under again
  further then once here there when where why how all any both each few more most other some such no nor not only
  own same so than too very s t can will just don should now`.split(/\s+/),
);

/**
 * Words whose stems tell the stemmers apart (Snowball 3 keeps "add" and "err" whole), with words of every
 * kind of rule: asked of a database once (`stemmerOf`).
 */
export const PROBE_WORDS: readonly string[] = `added adding erring add err skies dying idly gently early news inning canning proceed
  succeed generously communism arsenal happiness relational conditional digitizer radically differently analogously
  vietnamization predication feudalism decisiveness hopefulness callousness formality sensitivity sensibility sayings
  eyed cried ties gas this kiwis consign consigned consigning knightly running runner ran books bookshelf cancelling
  headphones wireless lamp lamps sturdy lightweight waterproof handmade everyday description product card stainless
  steel cotton cosy rustic velvet organic vintage classic compact deluxe golden silky misty gentle nordic arctic urban
  geologist evening emergency lateral paste universal international interval offing egged`.split(/\s+/);

const stemmers = new WeakMap<Db, Promise<Stemmer | null>>();
/**
 * The stemmer `db`'s English configuration runs: the one that stems every probe word it finds as the
 * database does (Porter2 first), or null (none: every word asked). Asked once per database, then kept.
 */
export function stemmerOf(db: Db): Promise<Stemmer | null> {
  let known = stemmers.get(db);
  if (!known) {
    known = wordStems(db, PROBE_WORDS).then(
      (stems) => {
        const agrees = (stemmer: Stemmer) =>
          PROBE_WORDS.every((word) => {
            const here = stemsHere(word, stemmer);
            return here === undefined || (stems.get(word) ?? []).join(' ') === here.join(' ');
          });
        return (['porter2', 'snowball3'] as const).find(agrees) ?? null;
      },
      () => {
        // Not known (the database did not answer): asked again next time.
        stemmers.delete(db);
        return null;
      },
    );
    stemmers.set(db, known);
  }
  return known;
}

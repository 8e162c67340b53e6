import { stem } from 'stemr';
import type { Db } from '../../db/client.ts';
import { wordStems } from './repo.ts';

/**
 * A search word's stems as PostgreSQL's English configuration gives them (`to_tsvector('english', word)`),
 * found here, without a query, for the words whose way through it is known:
 *
 * - ASCII letters (an `asciiword`): none for one of its stop words, else its Snowball English (Porter2)
 *   stem, the stemmer PostgreSQL's `english_stem` dictionary runs;
 * - ASCII letters and digits with a digit (`numword`, `uint`, `sfloat`): the word itself (the `simple`
 *   dictionary).
 *
 * Any other word (letters beyond ASCII, a very long one) is undefined here: asked of the database. So is
 * every word when the database's stemmer is not this one (`stemsAgree`: PostgreSQL 18 runs Snowball 3, whose
 * English stems a few words differently). A test compares both ways over thousands of words on both engines
 * (tests/api/stems.test.ts).
 */
export function stemsHere(word: string): string[] | undefined {
  // PostgreSQL drops a word of 2,048 characters or more; far shorter than that, every word is asked.
  if (word.length > MAX_LENGTH) return undefined;
  if (/^[a-z]+$/.test(word)) return STOP_WORDS.has(word) ? [] : [stem(word)];
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
 * Words whose stems tell this stemmer from others (Snowball 3 keeps "add" and "err" whole), with words of
 * every kind of rule: asked of a database once (`stemsAgree`).
 */
export const PROBE_WORDS: readonly string[] = `added adding erring add err skies dying idly gently early news inning canning proceed
  succeed generously communism arsenal happiness relational conditional digitizer radically differently analogously
  vietnamization predication feudalism decisiveness hopefulness callousness formality sensitivity sensibility sayings
  eyed cried ties gas this kiwis consign consigned consigning knightly running runner ran books bookshelf cancelling
  headphones wireless lamp lamps sturdy lightweight waterproof handmade everyday description product card stainless
  steel cotton cosy rustic velvet organic vintage classic compact deluxe golden silky misty gentle nordic arctic urban`.split(/\s+/);

const agreeing = new WeakMap<Db, Promise<boolean>>();
/** Whether `db`'s English configuration stems every probe word as `stemsHere` does: asked once per database, then kept. */
export function stemsAgree(db: Db): Promise<boolean> {
  let known = agreeing.get(db);
  if (!known) {
    known = wordStems(db, PROBE_WORDS).then(
      (stems) => PROBE_WORDS.every((word) => (stems.get(word) ?? []).join(' ') === (stemsHere(word) ?? []).join(' ')),
      () => {
        // Not known (the database did not answer): asked again next time.
        agreeing.delete(db);
        return false;
      },
    );
    agreeing.set(db, known);
  }
  return known;
}

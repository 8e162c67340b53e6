import { createHash } from 'node:crypto';
import { type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';

/**
 * Names a value of a query being built: a prepared query's placeholder of that name, or (a query built
 * for one request) the value itself as a parameter.
 */
export type Bind<V> = (name: keyof V & string) => SQLWrapper;

/** The values themselves, as parameters. */
export const bindValue =
  <V>(values: V): Bind<V> =>
  (name) =>
    sql`${values[name]}`;

/**
 * An array as one parameter (`${arrayParam(ids)}::int[]`): drizzle writes an array given as is as a list of
 * parameters, one per element, so the statement's text would change with its length.
 */
export const arrayParam = (values: readonly unknown[]): SQL => sql`${sql.param(values)}`;

/** A constant of the code written into the query's text (a prepared query's plan knows it). */
export const inlined = (value: number): SQL => sql.raw(String(Math.trunc(value)));

/**
 * A LIMIT written into the query's text: PostgreSQL plans a prepared query once for all its executions,
 * and a LIMIT it does not know is planned as if it took a tenth of the table. (Drizzle writes an SQL
 * object given as the limit in its place; its type only names numbers and placeholders.)
 */
export const inlinedLimit = (value: number): number => inlined(value) as unknown as number;

const made = new WeakMap<object, Map<string, unknown>>();

/**
 * A query prepared once per database and shape (which filters, which sort), then executed with each
 * request's values: its SQL is built once, and PostgreSQL parses and plans a named statement once per
 * connection. `shape` must name everything that changes the SQL's text.
 */
export function preparedOnce<T>(db: object, shape: string, prepare: () => T): T {
  let queries = made.get(db);
  if (!queries) {
    queries = new Map();
    made.set(db, queries);
  }
  let query = queries.get(shape) as T | undefined;
  if (query === undefined) {
    query = prepare();
    queries.set(shape, query);
  }
  return query;
}

const dialect = new PgDialect();
/** Each statement text's name (a text is a shape of the code: a few hundred at most). */
const statementNames = new Map<string, string>();
const STATEMENT_NAMES_MAX = 1000;

/**
 * Raw SQL run as a named statement, named after its text: PostgreSQL parses it once per connection and,
 * after a few runs, keeps its plan (an unnamed statement is parsed and planned at every call, 0.2-0.6 ms of
 * PostgreSQL for an order's longer statements). For statements whose text depends only on their shape
 * (values are parameters); past STATEMENT_NAMES_MAX distinct texts the rest run unnamed. Answers as
 * `db.execute` does.
 */
export function executeNamed(db: Db | Tx, query: SQL): Promise<unknown> {
  const built = dialect.sqlToQuery(query);
  let name = statementNames.get(built.sql);
  if (name === undefined && statementNames.size < STATEMENT_NAMES_MAX) {
    name = `n_${createHash('sha1').update(built.sql).digest('base64url').slice(0, 24)}`;
    statementNames.set(built.sql, name);
  }
  return db._.session.prepareQuery(built, undefined, name, false).execute();
}

/**
 * Writes that need nothing of each other's, in one round trip: each a data-modifying statement without a
 * WITH of its own, run as the CTEs of one named statement. PostgreSQL runs every one, referenced or not, on
 * the statement's one snapshot: none sees another's rows, so each must read only rows written before it.
 */
export async function executeTogether(db: Db | Tx, writes: SQL[]): Promise<void> {
  const [only] = writes;
  if (only === undefined) return;
  if (writes.length === 1) {
    await executeNamed(db, only);
    return;
  }
  await executeNamed(db, sql`with ${sql.join(writes.map((write, index) => sql`${sql.raw(`write_${index}`)} as (${write})`), sql`, `)} select 1`);
}

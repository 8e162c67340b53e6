import type { z } from 'zod';

/**
 * What a call of the API is: the shape of one entry of the table of calls (calls.ts). Types only, so that
 * the web app can name them without loading a schema.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may make a call: anyone, any signed-in account, or an administrator (role read on every call). */
export type Access = 'public' | 'user' | 'admin';

/** The sections of docs/api.md (and the OpenAPI tags), in their order there. */
export const CALL_TAGS = ['accounts', 'cart', 'orders', 'checkout', 'owner', 'shop', 'categories', 'products', 'data', 'lists', 'discounts', 'shipping'] as const;
export type CallTag = (typeof CALL_TAGS)[number];

export interface Call {
  method: Method;
  /** Under /api/v1; `:name` marks a path parameter (read with `params`). */
  path: `/${string}`;
  access: Access;
  tag: CallTag;
  /** In the OpenAPI description. */
  description?: string;
  /** Its answers are kept in memory until the catalogue changes (the answer cache). */
  cache?: true;
  /**
   * Its kept answers hold no product's stock: an order (a change of stock alone) leaves them. Otherwise a
   * kept answer is dropped when the stock of a product it holds moves (the handler names them:
   * `request.answerHolds`), or of any product when it does not say.
   */
  holdsNoStock?: true;
  /** A successful call changes the catalogue: the kept answers are dropped before it answers. */
  changesCatalogue?: true;
  /**
   * A successful call moves some products' stock and nothing else of the catalogue (an order, a cancel, a
   * refund): the kept answers holding their stock are dropped before it answers (the handler names them:
   * `request.stockMoved`; all answers when it does not).
   */
  changesStock?: true;
  /** It spends the per-address budget that login, register and the password resets share. */
  signInBudget?: true;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** Bytes its JSON body may have, when more than the default (100 kB). */
  bodyLimit?: number;
  /** A multipart/form-data body: its text fields (checked with `fields`) and its one optional file. */
  form?: { fields: z.ZodType; file: string; maxFileBytes?: number };
  /** JSON answers, by status; the first 2xx one is the call's success. */
  answers?: { [status: number]: z.ZodType };
  /** The answer is a file of this type (a photo, a CSV, a backup), not JSON. */
  file?: string;
  /** The answer is a bare array, and the true number of items is in the X-Total-Count header. */
  totalHeader?: true;
  /** What docs/api.md says beside what the schemas show: after the input, and after the answer. */
  docs?: { send?: string; answer?: string };
}

type Answers<C extends Call> = C['answers'] extends object ? C['answers'] : Record<never, never>;
/** The success status of a call: the 2xx status its answers name (200 when none is named). */
export type SuccessStatus<C extends Call> = Extract<keyof Answers<C>, 200 | 201 | 202>;

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The JSON a successful call answers, as the client reads it. */
export type SuccessAnswer<C extends Call> =
  SuccessStatus<C> extends never ? undefined : Output<Answers<C>[SuccessStatus<C>]>;

/** What a handler gives back on success (before the serializer writes it). */
export type HandlerAnswer<C extends Call> =
  SuccessStatus<C> extends never ? undefined : Input<Answers<C>[SuccessStatus<C>]>;

type Optional<T> = Record<never, never> extends T ? true : false;
type Part<Key extends string, S> = S extends z.ZodType
  ? Optional<z.input<S>> extends true
    ? { [K in Key]?: z.input<S> }
    : { [K in Key]: z.input<S> }
  : { [K in Key]?: never };

/** What a client sends: the path's parameters, the query, and a JSON body or a multipart form. */
export type CallInput<C extends Call> = Part<'params', C['params']> &
  Part<'query', C['query']> &
  Part<'body', C['body']> &
  (C['form'] extends object ? { form: FormData } : { form?: never });

/** The parsed parts of a request, as the server's handler reads them. */
export interface ParsedInput<C extends Call> {
  params: Output<C['params']>;
  query: Output<C['query']>;
  body: Output<C['body']>;
}

/** The output of a form's fields schema. */
export type FormFields<C extends Call> = C['form'] extends { fields: infer S } ? Output<S> : undefined;

/** Keeps the literal types of the table (methods, paths, statuses) while checking each entry's shape. */
export const defineCalls = <const T extends Record<string, Call>>(calls: T): T => calls;

import { DrizzleQueryError } from 'drizzle-orm';

/**
 * Errors as the logs may show them. A failed query's error carries its parameters (password and answer
 * hashes, photo bytes) in its message, and PostgreSQL's `detail` repeats the failing row: the log keeps
 * the SQL text, the SQLSTATE and where it failed, never a value.
 */

/** Shapes a secret has in this shop, scrubbed from any text that reaches a log. */
const SECRET_SHAPES = [
  /scrypt\$[^\s"',)]+/g, // password and answer hashes
  /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g, // tokens (JWT)
];

export function scrubSecrets(text: string): string {
  return SECRET_SHAPES.reduce((result, shape) => result.replace(shape, '[redacted]'), text);
}

/** A log destination that scrubs every line before passing it on. */
export function scrubbingStream(target: { write(line: string): unknown }): { write(line: string): void } {
  return {
    write(line) {
      target.write(line.includes('scrypt$') || line.includes('eyJ') ? scrubSecrets(line) : line);
    },
  };
}

/** Fields of a PostgreSQL error that say where it failed without saying with what. */
const DATABASE_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;

const MAX_TEXT = 2000;

function safeMessage(error: Error): string {
  // Drizzle's query error: "Failed query: <sql>\nparams: <values>" – keep the SQL, drop the values.
  if (error instanceof DrizzleQueryError) return `Failed query: ${error.query}`;
  return error.message;
}

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    const message = scrubSecrets(String(error)).slice(0, MAX_TEXT);
    return { type: typeof error, message, stack: message };
  }
  const message = scrubSecrets(safeMessage(error)).slice(0, MAX_TEXT);
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');
  const result: SerializedError = {
    type: error.name,
    message,
    stack: `${error.name}: ${message}${frames ? `\n${frames}` : ''}`,
  };
  for (const field of DATABASE_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') result[field] = value;
  }
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  if (typeof statusCode === 'number') result.statusCode = statusCode;
  if (error.cause !== undefined && depth < 3) result.cause = serializeError(error.cause, depth + 1);
  return result;
}

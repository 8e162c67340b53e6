import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify';

/**
 * A text cell that a spreadsheet program would run as a formula: one that starts with `=`, `+`, `-`, `@`,
 * a tab or a carriage return (OWASP's CSV injection rule), after any apostrophes, so that the prefix below
 * can always be told apart from an apostrophe of the text itself.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** A cell the export neutralised: an apostrophe before what would have been a formula. */
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/**
 * Neutralise a text cell for spreadsheets: an apostrophe in front, which spreadsheet programs read as
 * "this is text". Numbers the shop writes (never negative) are left as they are.
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Undo neutraliseCell (the import): exactly one apostrophe comes off, so any text survives the round trip. */
export function restoreCell(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value;
}

/**
 * Answer a CSV download, streamed: rows come from `rows` (an async generator that reads in batches), so
 * 100,000 products never sit in memory at once. UTF-8 with a byte-order mark, which spreadsheet programs
 * need to read accents right; a header row; CRLF line ends, as RFC 4180 says. Text cells are neutralised
 * (neutraliseCell), and a cell with a line break is always quoted (a bare line feed too, which spreadsheet
 * readers would otherwise take for the end of the row).
 */
export function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: readonly string[],
  rows: AsyncIterable<readonly unknown[]>,
): FastifyReply {
  const csv = stringify({ header: true, columns: [...header], bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ });
  async function* neutralised() {
    for await (const row of rows) yield row.map((cell) => (typeof cell === 'string' ? neutraliseCell(cell) : cell));
  }
  Readable.from(neutralised()).on('error', (error) => csv.destroy(error)).pipe(csv);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

/** Today as YYYY-MM-DD (file names of downloads). */
export const today = () => new Date().toISOString().slice(0, 10);

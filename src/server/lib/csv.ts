import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify';

/**
 * Answer a CSV download, streamed: rows come from `rows` (an async generator that reads in batches), so
 * 100,000 products never sit in memory at once. UTF-8 with a byte-order mark, which spreadsheet programs
 * need to read accents right; a header row; CRLF line ends, as RFC 4180 says.
 */
export function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: readonly string[],
  rows: AsyncIterable<readonly unknown[]>,
): FastifyReply {
  const csv = stringify({ header: true, columns: [...header], bom: true, record_delimiter: 'windows' });
  Readable.from(rows).on('error', (error) => csv.destroy(error)).pipe(csv);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

/** Today as YYYY-MM-DD (file names of downloads). */
export const today = () => new Date().toISOString().slice(0, 10);

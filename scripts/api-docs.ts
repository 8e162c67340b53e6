/**
 * docs/api.md's tables of calls, generated from the table of calls (src/contract/calls.ts): one table per
 * section, between `<!-- calls:<tag> -->` and `<!-- /calls -->`; the prose around them is written by hand.
 * `npm run docs:api` rewrites the file; tests/unit/api-docs.test.ts fails while it is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type Call, CALL_TAGS, type CallTag } from '../src/contract/call.ts';
import { callList } from '../src/contract/calls.ts';

export const API_DOCS = 'docs/api.md';

const WHO = { public: 'anyone', user: 'user', admin: 'admin' } as const;

/** The fields of an object schema, `?` after those that may be left out. */
function fields(schema: z.ZodType): string[] {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, field]) =>
    field.safeParse(undefined).success ? `${key}?` : key,
  );
}

const code = (text: string) => `\`${text}\``;

function send(call: Call): string {
  const parts: string[] = [];
  if (call.query) parts.push(fields(call.query).map((key) => code(`?${key.replace(/\?$/, '')}=`)).join(', '));
  if (call.body) parts.push(code(`{${fields(call.body).join(', ')}}`));
  if (call.form) parts.push(`multipart: ${code([...fields(call.form.fields), `${call.form.file}?`].join(', '))}`);
  if (call.docs?.send) parts.push(call.docs.send);
  return parts.join(' ');
}

function answer(call: Call): string {
  const [status, schema] = Object.entries(call.answers ?? {}).find(([code]) => code.startsWith('2')) ?? [];
  let shape = '';
  if (schema instanceof z.ZodArray) shape = 'a bare array';
  else if (schema) shape = code(`{${fields(schema).join(', ')}}`);
  else if (call.file) shape = `a file (${code(call.file)})`;
  const note = call.docs?.answer ? `${shape ? ': ' : ''}${call.docs.answer}` : '';
  return `${status && status !== '200' ? `${status} ` : ''}${shape}${note}`;
}

/** The section's table: paths relative to its prefix (`/auth`), `{name}` for a path parameter. */
export function callTable(tag: CallTag): { prefix: string; table: string } {
  const calls = callList.filter(([, call]) => call.tag === tag).map(([, call]) => call);
  const prefix = calls[0]?.path.split('/').slice(0, 2).join('/') ?? '';
  const rows = calls.map((call) => {
    if (call.path !== prefix && !call.path.startsWith(`${prefix}/`)) throw new Error(`${call.path} is not under ${prefix}: give it a section of its own`);
    const path = (call.path.slice(prefix.length) || '/').replace(/:(\w+)/g, '{$1}');
    const cells = [call.method, code(path), WHO[call.access], send(call), answer(call)];
    return `|${cells.map((cell) => (cell ? ` ${cell} ` : ' ')).join('|')}|`;
  });
  return { prefix, table: ['| Method | Path | Who | Send | Answer |', '| --- | --- | --- | --- | --- |', ...rows].join('\n') };
}

/** docs/api.md with every section's table written from the table of calls. */
export function renderApiDocs(markdown: string): string {
  let result = markdown;
  for (const tag of CALL_TAGS) {
    const marker = new RegExp(`<!-- calls:${tag} -->\\n[\\s\\S]*?<!-- /calls -->`);
    if (!marker.test(result)) throw new Error(`${API_DOCS} has no <!-- calls:${tag} --> … <!-- /calls --> section`);
    const { table } = callTable(tag);
    result = result.replace(marker, `<!-- calls:${tag} -->\n${table}\n<!-- /calls -->`);
  }
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const before = readFileSync(API_DOCS, 'utf8');
  const after = renderApiDocs(before);
  writeFileSync(API_DOCS, after);
  console.log(after === before ? `${API_DOCS} is up to date` : `${API_DOCS} written from src/contract/calls.ts`);
}

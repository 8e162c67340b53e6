import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callList } from '../../src/contract/calls.ts';
import { API_DOCS, renderApiDocs } from '../../scripts/api-docs.ts';

describe('docs/api.md', () => {
  const markdown = readFileSync(API_DOCS, 'utf8');

  it('has the tables the table of calls writes (run `npm run docs:api` after changing a call)', () => {
    expect(renderApiDocs(markdown)).toBe(markdown);
  });

  it('lists every call of the table once', () => {
    const sections = [...markdown.matchAll(/<!-- calls:\w+ -->\n([\s\S]*?)<!-- \/calls -->/g)].map((match) => match[1] ?? '');
    const rows = sections.join('').split('\n').filter((line) => /^\| (GET|POST|PUT|DELETE) \| `/.test(line));
    expect(rows).toHaveLength(callList.length);
  });
});

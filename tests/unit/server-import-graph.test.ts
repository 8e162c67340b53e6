import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every file of the project that `entry` loads at start: static imports only (not `import()`). */
function staticImportGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [resolve(entry)];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^\s*(?:import|export)\s(?!type\s)[^'"]*?from\s+'(\.[^']+)'|^\s*import\s+'(\.[^']+)'/gm)) {
      const target = resolve(dirname(file), (match[1] ?? match[2]) as string);
      if (existsSync(target)) pending.push(target);
    }
  }
  return new Set([...seen].map((file) => relative(process.cwd(), file)));
}

describe('what the server loads at start', () => {
  const graph = staticImportGraph('src/server/server.ts');

  it('reaches the app, its plugins and its modules', () => {
    expect(graph).toContain('src/server/app.ts');
    expect(graph).toContain('src/server/plugins/web.ts');
    expect(graph).toContain('src/server/db/seed.ts');
  });

  it('does not load the demo catalogue or its drawings (870 lines of SVG art): they are loaded when seeding', () => {
    expect(graph).not.toContain('src/server/db/seed/product-photo-art.ts');
    expect(graph).not.toContain('src/server/db/seed/demo-catalogue.ts');
  });
});

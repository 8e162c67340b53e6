import { describe, expect, it } from 'vitest';
import { isPagePath, PAGE_PATTERNS, paths } from '../../src/contract/pages.ts';

/** Every path the web app links to, the builders given a sample argument (['sample-1'] reads as one slug or a list of one id). */
function leaves(table: Record<string, unknown>): string[] {
  return Object.values(table).flatMap((value) => {
    if (typeof value === 'string') return [value];
    if (typeof value === 'function') return [(value as (arg: never) => string)(['sample-1'] as never).split('?')[0] as string];
    return leaves(value as Record<string, unknown>);
  });
}

describe('the web app’s pages (the server answers 404 for any other path)', () => {
  it('has a pattern for every path the web app links to', () => {
    const all = leaves(paths);
    expect(all.length).toBeGreaterThan(25);
    for (const path of all) expect(isPagePath(path), path).toBe(true);
  });

  it('takes one segment for a parameter and a trailing slash as the same page', () => {
    expect(isPagePath('/product/walnut-lamp')).toBe(true);
    expect(isPagePath('/product/walnut-lamp/')).toBe(true);
    expect(isPagePath('/product/')).toBe(false);
    expect(isPagePath('/product/a/b')).toBe(false);
    expect(isPagePath('/dashboard/admin/orders/7/extra')).toBe(false);
  });

  it('refuses paths it has no screen for, including look-alikes', () => {
    for (const path of ['/nope', '/carts', '/xcart', '/about/team', '/dashboard', '/dashboard/admin/nope', '//', '/.env']) {
      expect(isPagePath(path), path).toBe(false);
    }
    expect(new Set(PAGE_PATTERNS).size).toBe(PAGE_PATTERNS.length);
  });
});

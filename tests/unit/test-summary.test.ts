import { describe, expect, it } from 'vitest';
import { closingLines } from '../../scripts/test-summary.mjs';

/** CI reads the last line of `npm test` with this: it must always match. */
const SUMMARY = /^(\d+) passed, (\d+) failed(,|$)/;
const counts = { passed: 0, failed: 0, skipped: 0, failures: [] as string[], skippedRuns: [] as string[] };

describe("npm test's closing lines", () => {
  it('end with the plain line "N passed, N failed" when nothing was skipped', () => {
    expect(closingLines({ ...counts, passed: 412 })).toEqual(['412 passed, 0 failed']);
  });

  it('name the failures on the line before the summary', () => {
    const lines = closingLines({ ...counts, passed: 410, failed: 2, failures: ['lint', 'browser'] });
    expect(lines).toEqual(['Failed: lint, browser', '410 passed, 2 failed']);
    expect(lines.at(-1)).toMatch(SUMMARY);
  });

  it('count a PostgreSQL run left out as skipped, with its reason, after "N passed, N failed"', () => {
    const lines = closingLines({ ...counts, passed: 300, skippedRuns: ['the PostgreSQL run: TEST_DATABASE_URL not set'] });
    expect(lines).toEqual(['300 passed, 0 failed, 1 skipped (the PostgreSQL run: TEST_DATABASE_URL not set)']);
    expect(lines.at(-1)?.match(SUMMARY)?.slice(1, 3)).toEqual(['300', '0']);
  });

  it("add a run left out to the tests the runners skipped", () => {
    const lines = closingLines({ ...counts, passed: 5, failed: 1, skipped: 2, failures: ['unit'], skippedRuns: ['the PostgreSQL run: x'] });
    expect(lines.at(-1)).toBe('5 passed, 1 failed, 3 skipped (the PostgreSQL run: x)');
    expect(closingLines({ ...counts, passed: 5, skipped: 2 }).at(-1)).toBe('5 passed, 0 failed, 2 skipped');
  });
});

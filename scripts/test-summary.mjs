// The closing lines of `npm test` (scripts/test.mjs), kept apart so a unit test can check their format:
// CI reads the last line, which always starts with "N passed, N failed".

/**
 * @param {{ passed: number, failed: number, skipped: number, failures: string[], skippedRuns: string[] }} counts
 *   skipped: tests the runners reported as skipped; skippedRuns: whole runs left out (each counts as one
 *   skipped), with the reason, e.g. "the PostgreSQL run: TEST_DATABASE_URL not set".
 * @returns {string[]} the lines to print, the summary line last
 */
export function closingLines({ passed, failed, skipped, failures, skippedRuns }) {
  const lines = [];
  if (failures.length > 0) lines.push(`Failed: ${failures.join(', ')}`);
  const total = skipped + skippedRuns.length;
  const reasons = skippedRuns.length > 0 ? ` (${skippedRuns.join('; ')})` : '';
  lines.push(`${passed} passed, ${failed} failed${total > 0 ? `, ${total} skipped${reasons}` : ''}`);
  return lines;
}

export interface Counts {
  passed: number;
  failed: number;
  /** Tests the runners reported as skipped. */
  skipped: number;
  failures: string[];
  /** Whole runs left out (each counts as one skipped), with the reason. */
  skippedRuns: string[];
}
/** The closing lines of `npm test`, the summary line ("N passed, N failed[, N skipped (…)]") last. */
export function closingLines(counts: Counts): string[];

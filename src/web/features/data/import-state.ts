import type { ImportReport, ImportRow } from '../../../contract/data.ts';

/** Rows with errors first, the others as they were (the file's order). */
export function errorsFirst(rows: readonly ImportRow[]): ImportRow[] {
  return [...rows.filter((row) => row.action === 'error'), ...rows.filter((row) => row.action !== 'error')];
}

/** What the owner has picked on the import form. */
export interface ImportChoice<F> {
  file: F | null;
  createCategories: boolean;
}

/** The last answer of the import: for which file and option, and what it said. */
export interface ImportResult<F> {
  file: F;
  createCategories: boolean;
  outcome: { report: Pick<ImportReport, 'applied' | 'summary'>; refused: boolean };
}

/**
 * Why Apply cannot be pressed (null: it can). Apply needs a dry run of this very file with this very
 * option that found no error and something to change; after an import, the same file is not applied twice.
 */
export function applyBlocker<F>(choice: ImportChoice<F>, last: ImportResult<F> | null): string | null {
  if (choice.file === null) return 'Pick a CSV file and check it first.';
  if (last === null || last.file !== choice.file) return 'Check the file first: Apply is possible once a check finds no error.';
  if (last.createCategories !== choice.createCategories) return 'The option changed since the check: check the file again.';
  const { report, refused } = last.outcome;
  if (report.applied) return 'This file is imported. Pick another file to import more.';
  if (refused || report.summary.error > 0) return 'Fix the rows with errors in the file, then check it again.';
  if (report.summary.create + report.summary.update === 0) return 'Nothing to apply: every row is unchanged.';
  return null;
}

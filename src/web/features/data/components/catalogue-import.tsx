import { useRef, useState } from 'react';
import { PRODUCT_CSV_COLUMNS } from '../../../../contract/data.ts';
import { describedBy, FieldMessages } from '../../../components/ui/schema-form.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { type ImportOutcome, useImportProducts } from '../api/import-products.ts';
import { applyBlocker, type ImportResult } from '../import-state.ts';
import { ImportReportView } from './import-report.tsx';
import './data.css';
import '../../../components/ui/buttons.css';
import '../../../components/ui/form-fields.css';

type LastResult = ImportResult<File> & { outcome: ImportOutcome };

/**
 * Import a catalogue CSV: pick the file (and whether missing categories are created), Check file runs the
 * dry run and shows its report, Apply (only after a check of this file and option without errors)
 * changes the catalogue in one transaction and shows the result.
 */
export function CatalogueImport() {
  const [file, setFile] = useState<File | null>(null);
  const [createCategories, setCreateCategories] = useState(false);
  const [last, setLast] = useState<LastResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The file picked now: an answer about a file picked before it is dropped.
  const picked = useRef<File | null>(null);
  const mutation = useImportProducts();
  const blocker = applyBlocker({ file, createCategories }, last);
  const busy = mutation.isPending ? (mutation.variables.apply ? 'apply' : 'check') : null;

  const run = (apply: boolean) => {
    if (!file) {
      setProblem('Pick a CSV file to check.');
      document.getElementById('import-file')?.focus();
      return;
    }
    if (busy) return;
    setProblem(null);
    mutation.mutate(
      { file, createCategories, apply },
      {
        onSuccess: (outcome) => {
          if (picked.current !== file) return;
          setLast({ file, createCategories, outcome });
          if (outcome.refused) notify.error(outcome.message);
          else notify.success(outcome.message);
        },
        onError: (error) => {
          if (picked.current !== file) return;
          const message = errorMessage(error, 'The file could not be sent. Try again.');
          setLast(null);
          setProblem(message);
          notify.error(message);
        },
      },
    );
  };

  return (
    <div className="catalogue-import">
      <form
        className="import-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          run(false);
        }}
      >
        <div className="field">
          <label htmlFor="import-file">CSV file</label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy('import-file', { hint: true, error: Boolean(problem) })}
            onChange={(event) => {
              picked.current = event.target.files?.[0] ?? null;
              setFile(picked.current);
              setLast(null);
              setProblem(null);
            }}
          />
          <FieldMessages
            id="import-file"
            hint={`The export's columns: ${PRODUCT_CSV_COLUMNS.join(', ')}. Rows match products by slug; a row without one is a new product.`}
            error={problem ?? undefined}
          />
        </div>
        <div className="field">
          <label className="choice" htmlFor="import-create-categories">
            <input
              id="import-create-categories"
              type="checkbox"
              checked={createCategories}
              aria-describedby="import-create-categories-hint"
              onChange={(event) => setCreateCategories(event.target.checked)}
            />
            Create missing categories
          </label>
          <p className="field__hint" id="import-create-categories-hint">
            Otherwise a row naming a category the shop does not have is an error.
          </p>
        </div>
        <div className="import-form__actions">
          <button type="submit" className="btn btn--secondary" aria-busy={busy === 'check'} aria-disabled={busy !== null || undefined}>
            {busy === 'check' ? 'Checking…' : 'Check file'}
          </button>
          <button
            type="button"
            className="btn"
            disabled={blocker !== null}
            aria-busy={busy === 'apply'}
            aria-disabled={busy !== null || undefined}
            aria-describedby="import-apply-hint"
            onClick={() => run(true)}
          >
            {busy === 'apply' ? 'Applying…' : 'Apply'}
          </button>
        </div>
        <p className="field__hint import-form__apply-hint" id="import-apply-hint">
          {blocker ?? 'The check found no error: Apply changes the catalogue in one go (photos are kept).'}
        </p>
      </form>
      <div aria-live="polite">
        {last ? <ImportReportView report={last.outcome.report} message={last.outcome.message} refused={last.outcome.refused} /> : null}
      </div>
    </div>
  );
}

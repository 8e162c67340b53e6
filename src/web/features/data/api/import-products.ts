import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ImportReport, importReport } from '../../../../contract/data.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { errorsFirst } from '../import-state.ts';

export interface ImportInput {
  file: File;
  createCategories: boolean;
  /** `false`: a dry run that changes nothing. */
  apply: boolean;
}

/** What an import answered: the report, the server's message, and whether it was refused. */
export interface ImportOutcome {
  report: ImportReport;
  message: string;
  /** A row has an error: nothing was (or would be) changed. */
  refused: boolean;
}

/**
 * POST admin/products-import (multipart: apply, createCategories, file): a dry run, or the changes in one
 * transaction. A 400 that carries a report (rows with errors) is an outcome too, its rows errors first;
 * any other refusal (no file, a header the shop does not know) throws ApiError with the server's message.
 */
export async function importProducts({ file, createCategories, apply }: ImportInput): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('apply', String(apply));
  form.append('createCategories', String(createCategories));
  form.append('file', file, file.name);
  try {
    const data = await api.call('importProducts', { form });
    return { report: { ...data, rows: errorsFirst(data.rows) }, message: data.message, refused: false };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    const report = importReport.safeParse(error.body);
    if (!report.success) throw error;
    return { report: { ...report.data, rows: errorsFirst(report.data.rows) }, message: error.message, refused: true };
  }
}

/** An import that changed the catalogue reloads every product list and page, the categories and the audit log. */
export const useImportProducts = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['products', 'import'],
    mutationFn: importProducts,
    onSuccess: (outcome) => {
      if (!outcome.report.applied) return;
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
      void queryClient.invalidateQueries({ queryKey: ['categories'] });
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
};

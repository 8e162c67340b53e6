import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { WireDiscountCode } from '../../../contract/discount.ts';
import { formatPrice } from '../../../domain/money.ts';
import { PageRange, pageCount, Pager, pageFrom } from '../../components/ui/pager.tsx';
import { Price } from '../../components/ui/price.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { useDeleteDiscountCode } from '../api/delete-discount-code.ts';
import { useGenerateDiscountCodes } from '../api/generate-discount-codes.ts';
import { useDiscountCodes } from '../api/get-discount-codes.ts';
import { useSaveDiscountCode } from '../api/save-discount-code.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { DiscountCodeForm, type DiscountFormResult } from '../components/discount-code-form.tsx';
import { Modal } from '../components/modal.tsx';
import '../../components/ui/buttons.css';
import '../../components/ui/form-fields.css';
import '../../components/ui/status-pill.css';
import '../../components/ui/table.css';
import '../../components/ui/admin-table.css';
import './discounts.css';

/** What a code takes off, as the owner reads it. */
export function discountLabel(code: Pick<WireDiscountCode, 'kind' | 'value'>): string {
  if (code.kind === 'percent') return `${code.value}% off`;
  if (code.kind === 'fixed') return `${formatPrice(code.value)} off`;
  return 'Free shipping';
}

/** Its scope and conditions in a few words. */
function conditions(code: WireDiscountCode): string {
  const parts: string[] = [];
  if (code.categories.length) parts.push(`${code.categories.length} categor${code.categories.length === 1 ? 'y' : 'ies'}`);
  if (code.products.length) parts.push(`${code.products.length} product${code.products.length === 1 ? '' : 's'}`);
  if (code.minimumSubtotal !== null) parts.push(`from ${formatPrice(code.minimumSubtotal)}`);
  if (code.minimumQuantity !== null) parts.push(`${code.minimumQuantity}+ items`);
  if (code.startsAt) parts.push(`from ${code.startsAt.slice(0, 10)}`);
  if (code.endsAt) parts.push(`until ${code.endsAt.slice(0, 10)}`);
  if (code.firstOrderOnly) parts.push('first order');
  if (code.maxUsesPerCustomer !== null) parts.push(`${code.maxUsesPerCustomer} per customer`);
  return parts.join(' · ') || 'Whole order, anyone';
}

type Editing = { mode: 'one'; code: WireDiscountCode | null } | { mode: 'batch' } | null;

/** Discount codes: the list with uses and revenue, a new code, a batch of codes (shown and downloadable), edit, disable, delete. */
export default function AdminDiscountsRoute() {
  usePageTitle('Dashboard - Discount codes');
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const query = useDiscountCodes(page, q);
  const data = query.data;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const [editing, setEditing] = useState<Editing>(null);
  const [made, setMade] = useState<{ batch: string; codes: string[] } | null>(null);
  const [deleting, setDeleting] = useState<WireDiscountCode | null>(null);
  const save = useSaveDiscountCode();
  const generate = useGenerateDiscountCodes();
  const remove = useDeleteDiscountCode();

  const goTo = (next: number, nextQ = q) => setParams({ ...(next > 1 ? { page: String(next) } : {}), ...(nextQ ? { q: nextQ } : {}) });
  const close = () => {
    setEditing(null);
    save.reset();
    generate.reset();
  };
  const submit = (result: DiscountFormResult) => {
    if (result.mode === 'batch') {
      generate.mutate(result.body, {
        onSuccess: (answer) => {
          notify.success(answer.message);
          setEditing(null);
          setMade({ batch: answer.batch, codes: answer.codes });
        },
      });
      return;
    }
    const id = editing?.mode === 'one' && editing.code ? editing.code._id : null;
    save.mutate({ id, body: result.body }, { onSuccess: (answer) => { notify.success(answer.message); close(); } });
  };
  const toggle = (code: WireDiscountCode) =>
    save.mutate(
      { id: code._id, body: { ...code, minimumSubtotal: code.minimumSubtotal, disabled: !code.disabled } },
      {
        onSuccess: (answer) => notify.success(answer.message),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  const download = (codes: string[], batch: string) => {
    const url = URL.createObjectURL(new Blob([`code\n${codes.join('\n')}\n`], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `discount-codes-${batch.replace(/[^A-Za-z0-9-]/g, '-')}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section aria-labelledby="admin-discounts-heading">
      <div className="list-header admin-header">
        <h1 id="admin-discounts-heading">Discount codes</h1>
        {data ? <PageRange page={data.page} pageSize={data.pageSize} count={data.codes.length} total={data.total} /> : null}
      </div>
      <div className="discounts__tools">
        <form
          className="field"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            goTo(1, search.trim());
          }}
        >
          <label htmlFor="discount-search">Find a code</label>
          <input id="discount-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
        </form>
        <button type="button" className="btn" onClick={() => setEditing({ mode: 'one', code: null })}>
          New code
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => setEditing({ mode: 'batch' })}>
          Generate a batch
        </button>
      </div>
      {made ? (
        <div className="card discounts__batch" aria-labelledby="discount-made-heading">
          <h2 id="discount-made-heading">{made.codes.length} new codes</h2>
          <textarea className="discounts__made" readOnly value={made.codes.join('\n')} aria-labelledby="discount-made-heading" />
          <div className="discounts__actions">
            <button type="button" className="btn" onClick={() => download(made.codes, made.batch)}>
              Download CSV
            </button>
            <button type="button" className="btn btn--secondary" onClick={() => setMade(null)}>
              Done
            </button>
          </div>
        </div>
      ) : null}
      {query.isPending ? (
        <Spinner label="Loading discount codes" />
      ) : query.isError ? (
        <div className="card empty-state" role="alert">
          <h2>Something went wrong</h2>
          <p>{errorMessage(query.error, 'The discount codes could not be loaded.')}</p>
          <button type="button" className="btn" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : query.data.codes.length === 0 ? (
        <div className="card empty-state">
          <h2>{q ? `No code matches “${q}”` : 'No discount codes yet'}</h2>
        </div>
      ) : (
        <div className="card admin-list">
          <div className="table-wrap">
            <table className="admin-table responsive-table" aria-describedby="admin-discounts-heading">
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Discount</th>
                  <th scope="col">Conditions</th>
                  <th scope="col">Uses</th>
                  <th scope="col">Revenue</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody aria-busy={query.isPlaceholderData}>
                {query.data.codes.map((code) => (
                  <tr key={code._id}>
                    <th scope="row" data-label="Code" className="admin-table__name discounts__code">
                      {code.code}
                    </th>
                    <td data-label="Discount">{discountLabel(code)}</td>
                    <td data-label="Conditions" data-card="wide small">
                      {conditions(code)}
                    </td>
                    <td data-label="Uses" data-card-before="Uses ">
                      {code.maxUses === null ? code.uses : `${code.uses} / ${code.maxUses}`}
                    </td>
                    <td data-label="Revenue" data-card-before="Revenue ">
                      <Price amount={code.revenue} />
                    </td>
                    <td data-label="Status" data-card="corner">
                      {code.disabled ? <span className="status status--neutral">Disabled</span> : <span className="status">Active</span>}
                    </td>
                    <td data-label="Actions" data-card="wide">
                      <div className="discounts__actions">
                        <button type="button" className="btn btn--secondary" onClick={() => setEditing({ mode: 'one', code })}>
                          Edit<span className="visually-hidden"> {code.code}</span>
                        </button>
                        <button type="button" className="btn btn--secondary" onClick={() => toggle(code)}>
                          {code.disabled ? 'Enable' : 'Disable'}
                          <span className="visually-hidden"> {code.code}</span>
                        </button>
                        {code.uses === 0 ? (
                          <button type="button" className="btn btn--danger-soft" onClick={() => setDeleting(code)}>
                            Delete<span className="visually-hidden"> {code.code}</span>
                          </button>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={pages} label="Pages of discount codes" onPage={(next) => goTo(next)} />
        </div>
      )}
      {editing ? (
        <Modal title={editing.mode === 'batch' ? 'Generate a batch of codes' : editing.code ? `Edit ${editing.code.code}` : 'New discount code'} onClose={close}>
          <DiscountCodeForm
            code={editing.mode === 'one' ? editing.code : null}
            mode={editing.mode}
            busy={save.isPending || generate.isPending}
            error={save.error || generate.error ? errorMessage(save.error ?? generate.error) : null}
            onSubmit={submit}
            onCancel={close}
          />
        </Modal>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={`Delete ${deleting.code}?`}
          confirmLabel="Delete"
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting._id, {
              onSuccess: (answer) => {
                notify.success(answer.message);
                setDeleting(null);
              },
              onError: (error) => notify.error(errorMessage(error)),
            })
          }
        >
          It has never been used; it is gone for good.
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

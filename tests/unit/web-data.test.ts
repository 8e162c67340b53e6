import { describe, expect, it } from 'vitest';
import type { ImportRow } from '../../src/contract/data.ts';
import { pageCount, pageFrom } from '../../src/web/components/ui/pager.tsx';
import { auditCsv } from '../../src/web/features/audit/api/export-audit.ts';
import { auditSearch } from '../../src/web/features/audit/api/get-audit.ts';
import { actionLabel, auditChanges, auditSubject, auditValue, fieldLabel, isAuditKind } from '../../src/web/features/audit/audit-format.ts';
import { ordersCsv } from '../../src/web/features/data/api/export-orders.ts';
import { applyBlocker, errorsFirst, type ImportResult } from '../../src/web/features/data/import-state.ts';
import { fileNameFromDisposition } from '../../src/web/lib/download.ts';

describe('file name from content-disposition', () => {
  it('reads the quoted name the server sends', () => {
    expect(fileNameFromDisposition('attachment; filename="emporium-backup-2026-01-05.jsonl.gz"')).toBe('emporium-backup-2026-01-05.jsonl.gz');
    expect(fileNameFromDisposition('attachment; filename="products-2026-01-05.csv"')).toBe('products-2026-01-05.csv');
  });
  it('reads an unquoted name and escaped quotes', () => {
    expect(fileNameFromDisposition('attachment; filename=orders.csv')).toBe('orders.csv');
    expect(fileNameFromDisposition('attachment; filename="a \\"b\\".csv"')).toBe('a "b".csv');
  });
  it('prefers the UTF-8 name of filename*', () => {
    expect(fileNameFromDisposition(`attachment; filename="caf.csv"; filename*=UTF-8''caf%C3%A9.csv`)).toBe('café.csv');
    expect(fileNameFromDisposition(`attachment; filename*=utf-8''%E2%82%AC%20rates.csv`)).toBe('€ rates.csv');
  });
  it('falls back to the plain name when filename* is broken or in another charset', () => {
    expect(fileNameFromDisposition(`attachment; filename="plain.csv"; filename*=UTF-8''%E2%28`)).toBe('plain.csv');
    expect(fileNameFromDisposition(`attachment; filename="plain.csv"; filename*=ISO-8859-1''caf%E9.csv`)).toBe('plain.csv');
  });
  it('keeps only the last part of a path, and names nothing when there is no name', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition('attachment; filename="C:\\\\dir\\\\x.csv"')).toBe('x.csv');
    expect(fileNameFromDisposition('attachment; filename=".."')).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition('')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});

describe('download paths', () => {
  it('orders export: the range given, either side open', () => {
    expect(ordersCsv({ from: '', to: '' }).path).toBe('/admin/orders.csv');
    expect(ordersCsv({ from: '2026-01-01', to: '2026-01-31' }).path).toBe('/admin/orders.csv?from=2026-01-01&to=2026-01-31');
    expect(ordersCsv({ from: '', to: '2026-01-31' }).path).toBe('/admin/orders.csv?to=2026-01-31');
  });
  it('audit log: the same filters as the screen, page 1 not written', () => {
    expect(auditSearch({ kind: '', actor: '' })).toBe('');
    expect(auditSearch({ kind: 'product', actor: '0' }, 1)).toBe('?kind=product&actor=0');
    expect(auditSearch({ kind: '', actor: '12' }, 3)).toBe('?page=3&actor=12');
    expect(auditCsv({ kind: 'import', actor: '' }).path).toBe('/admin/audit.csv?kind=import');
  });
  it('pages from the address', () => {
    expect(pageFrom(null)).toBe(1);
    expect(pageFrom('3')).toBe(3);
    expect(pageFrom('0')).toBe(1);
    expect(pageFrom('2.5')).toBe(1);
    expect(pageFrom('x')).toBe(1);
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});

const row = (line: number, action: ImportRow['action']): ImportRow => ({
  line,
  slug: `slug-${line}`,
  name: `Row ${line}`,
  action,
  changes: action === 'update' ? ['price'] : [],
  errors: action === 'error' ? [{ column: 'price', message: 'must be a number' }] : [],
});

describe('import', () => {
  it('lists rows with errors first, the rest in the file order', () => {
    const rows = [row(2, 'update'), row(3, 'error'), row(4, 'create'), row(5, 'error')];
    expect(errorsFirst(rows).map((item) => item.line)).toEqual([3, 5, 2, 4]);
  });

  const fileA = { name: 'a.csv' };
  const fileB = { name: 'a.csv' };
  const summary = { rows: 3, create: 0, update: 1, unchanged: 2, error: 0, newCategories: [] };
  const checked = (outcome: Partial<ImportResult<object>['outcome']> = {}): ImportResult<object> => ({
    file: fileA,
    createCategories: false,
    outcome: { refused: false, report: { applied: false, summary }, ...outcome },
  });

  it('Apply only after a check of the same file and option without errors', () => {
    expect(applyBlocker({ file: fileA, createCategories: false }, checked())).toBeNull();
    expect(applyBlocker({ file: null, createCategories: false }, null)).toMatch(/Pick a CSV file/);
    expect(applyBlocker({ file: fileA, createCategories: false }, null)).toMatch(/Check the file first/);
    // Another file, even of the same name, needs its own check.
    expect(applyBlocker({ file: fileB, createCategories: false }, checked())).toMatch(/Check the file first/);
    expect(applyBlocker({ file: fileA, createCategories: true }, checked())).toMatch(/option changed/);
  });
  it('no Apply after a check with errors, with nothing to change, or once applied', () => {
    expect(applyBlocker({ file: fileA, createCategories: false }, checked({ refused: true }))).toMatch(/errors/);
    expect(
      applyBlocker({ file: fileA, createCategories: false }, checked({ report: { applied: false, summary: { ...summary, error: 1 } } })),
    ).toMatch(/errors/);
    expect(
      applyBlocker({ file: fileA, createCategories: false }, checked({ report: { applied: false, summary: { ...summary, update: 0 } } })),
    ).toMatch(/Nothing to apply/);
    expect(applyBlocker({ file: fileA, createCategories: false }, checked({ report: { applied: true, summary } }))).toMatch(/is imported/);
  });
});

describe('audit log entries', () => {
  it('an update reads field by field, before → after, in the shop’s words', () => {
    const changes = auditChanges({ before: { price: 24.99, shipping: false }, after: { price: 31.5, shipping: true } });
    expect(changes).toEqual([
      { field: 'price', label: 'Price', before: { text: '$24.99', full: '$24.99' }, after: { text: '$31.50', full: '$31.50' } },
      { field: 'shipping', label: 'Shipping', before: { text: 'No', full: 'No' }, after: { text: 'Yes', full: 'Yes' } },
    ]);
  });
  it('what matters most first, whatever order the entry keeps its fields in', () => {
    const created = auditChanges({
      before: null,
      after: { slug: 'mug', description: 'A mug', photo: 'e1', price: 4, name: 'Mug', quantity: 3, shipping: true, categoryId: 2, custom: 1 },
    });
    expect(created.map((change) => change.field)).toEqual(['name', 'price', 'quantity', 'categoryId', 'shipping', 'photo', 'slug', 'description', 'custom']);
  });
  it('a creation has only after, a deletion only before', () => {
    const created = auditChanges({ before: null, after: { name: 'Mugs', slug: 'mugs' } });
    expect(created.map((change) => [change.label, change.before, change.after?.text])).toEqual([
      ['Name', null, 'Mugs'],
      ['Slug', null, 'mugs'],
    ]);
    const deleted = auditChanges({ before: { name: 'Mugs' }, after: null });
    expect(deleted[0]?.after).toBeNull();
    expect(deleted[0]?.before?.text).toBe('Mugs');
    expect(auditChanges({ before: null, after: null })).toEqual([]);
  });
  it('statuses, roles, totals, photos, lists and empty values', () => {
    expect(auditChanges({ before: { status: 'not_processed' }, after: { status: 'delivered' } })[0]).toMatchObject({
      before: { text: 'Not Processed' },
      after: { text: 'Delivered' },
    });
    expect(auditValue('role', 1, 'after').text).toBe('Admin');
    expect(auditValue('role', 0, 'after').text).toBe('Customer');
    expect(auditValue('totalCents', 4550, 'after').text).toBe('$45.50');
    expect(auditValue('photo', 'abc123', 'before').text).toBe('the old photo');
    expect(auditValue('photo', 'def456', 'after').text).toBe('a new photo');
    expect(auditValue('photo', null, 'before').text).toBe('—');
    expect(auditValue('newCategories', ['Mugs', 'Pans'], 'after').text).toBe('Mugs, Pans');
    expect(auditValue('newCategories', [], 'after').text).toBe('—');
    expect(auditValue('lowStockThreshold', null, 'after').text).toBe('—');
    // A backup's rows per table; the engine a restored backup was made on.
    expect(auditValue('rows', { categories: 7, products: 52 }, 'after').text).toBe('categories 7, products 52');
    expect(auditValue('madeOn', 'pglite', 'after').text).toBe('the embedded database');
    expect(auditValue('madeAt', '2026-01-05T15:04:00.000Z', 'after').text).toMatch(/^Jan 5, 2026/);
  });
  it('a long text is shortened, its whole text kept for the title', () => {
    const long = 'word '.repeat(40);
    const value = auditValue('description', long, 'after');
    expect(value.text.length).toBeLessThanOrEqual(80);
    expect(value.text.endsWith('…')).toBe(true);
    expect(value.full).toBe(long.trim());
  });
  it('labels of actions, fields and subjects; unknown ones in words', () => {
    expect(actionLabel('product.update')).toBe('Updated a product');
    expect(actionLabel('products.import')).toBe('Imported the catalogue');
    expect(actionLabel('shop.restore')).toBe('Shop restore');
    expect(fieldLabel('lowStockThreshold')).toBe('Low-stock threshold');
    expect(fieldLabel('deliveryAddress')).toBe('Delivery address');
    expect(auditSubject({ kind: 'product', entityId: '12', after: null })).toBe('Product #12');
    expect(auditSubject({ kind: 'product', entityId: '12', after: null, name: 'Walnut Desk Lamp' })).toBe("Product 'Walnut Desk Lamp'");
    expect(auditSubject({ kind: 'order', entityId: '1042', after: null, name: null })).toBe('Order #1042');
    expect(auditSubject({ kind: 'import', entityId: null, after: { file: 'products.csv' } })).toBe('products.csv');
    expect(auditSubject({ kind: 'restore', entityId: null, after: null })).toBe('');
    expect(auditSubject({ kind: 'backup', entityId: null, after: { file: 'emporium-backup-x.jsonl.gz' } })).toBe('emporium-backup-x.jsonl.gz');
    expect(actionLabel('backup.download')).toBe('Downloaded a backup');
    expect(actionLabel('restore')).toBe('Restored a backup');
    expect(isAuditKind('order')).toBe(true);
    expect(isAuditKind('orders')).toBe(false);
    expect(isAuditKind(null)).toBe(false);
  });
});

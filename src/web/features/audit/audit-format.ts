import { AUDIT_KINDS, type AuditEntry } from '../../../contract/audit.ts';
import { ADMIN_ROLE } from '../../../contract/user.ts';
import { formatPrice, fromCents } from '../../../domain/money.ts';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '../../../domain/order-status.ts';
import { fullDate } from '../../lib/time-since.ts';

export type AuditKind = (typeof AUDIT_KINDS)[number];

/** The kinds of the filter, as people read them. */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  product: 'Products',
  category: 'Categories',
  order: 'Orders',
  user: 'Users',
  import: 'Imports',
  backup: 'Backups',
  restore: 'Restores',
  shop: 'Shop pages',
  settings: 'Settings',
  discount: 'Discount codes',
};

export const isAuditKind = (value: string | null): value is AuditKind => (AUDIT_KINDS as readonly (string | null)[]).includes(value);

const ACTION_LABELS: Record<string, string> = {
  'product.create': 'Created a product',
  'product.update': 'Updated a product',
  'product.delete': 'Deleted a product',
  'category.create': 'Created a category',
  'category.update': 'Renamed a category',
  'category.delete': 'Deleted a category',
  'order.placed': 'Placed an order',
  'discount.create': 'Created a discount code',
  'discount.update': 'Changed a discount code',
  'discount.disable': 'Disabled a discount code',
  'discount.enable': 'Enabled a discount code',
  'discount.delete': 'Deleted a discount code',
  'order.status': 'Changed an order’s status',
  'user.role': 'Changed a role',
  'products.import': 'Imported the catalogue',
  'backup.download': 'Downloaded a backup',
  restore: 'Restored a backup',
  'shop.details': 'Changed the shop’s details',
  'shop.banner.add': 'Added a home banner',
  'shop.banner.update': 'Changed a home banner',
  'shop.banner.delete': 'Deleted a home banner',
  'settings.money': 'Changed the currency or locale',
};

/** Words from an identifier: 'lowStockThreshold' → 'Low stock threshold', 'shop.restore' → 'Shop restore'. */
function words(identifier: string): string {
  const text = identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .trim()
    .toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What an entry did, in words ('Updated a product'); an action the screen does not know yet in its own words. */
export const actionLabel = (action: string) => ACTION_LABELS[action] ?? words(action);

const SUBJECTS: Record<string, string> = { product: 'Product', category: 'Category', order: 'Order', user: 'User', shop: 'Banner' };

/**
 * What was changed, named: "Product 'Walnut Desk Lamp'", "Order #1042" (an order goes by its number, or a
 * thing whose name is not known), the file of an import, a backup or a restore, '' when the entry names nothing.
 */
export function auditSubject(entry: Pick<AuditEntry, 'kind' | 'entityId' | 'after'> & { name?: string | null }): string {
  if (entry.entityId === null && typeof entry.after?.file === 'string') return entry.after.file;
  if (entry.entityId === null) return '';
  const kind = SUBJECTS[entry.kind] ?? words(entry.kind);
  return entry.name ? `${kind} '${entry.name}'` : `${kind} #${entry.entityId}`;
}

const FIELD_LABELS: Record<string, string> = {
  categoryId: 'Category',
  lowStockThreshold: 'Low-stock threshold',
  totalCents: 'Total',
  email: 'E-mail',
  create: 'Created',
  update: 'Updated',
  newCategories: 'New categories',
  madeOn: 'Made on',
};

const ENGINES: Record<string, string> = { pglite: 'the embedded database', postgres: 'PostgreSQL' };

export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? words(field);

/** A value as shown: `text` (shortened past `max` characters) and `full` (its title when shortened). */
export interface AuditValue {
  text: string;
  full: string;
}

const EMPTY = '—';
const isStatus = (value: unknown): value is OrderStatus => (ORDER_STATUSES as readonly unknown[]).includes(value);

function plain(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (field === 'price' || field === 'unitPrice') return formatPrice(value);
    if (field === 'totalCents') return formatPrice(fromCents(value));
    if (field === 'role') return value === ADMIN_ROLE ? 'Admin' : 'Customer';
    if (field === 'categoryId') return `#${value}`;
    return String(value);
  }
  if (typeof value === 'string') {
    if (field === 'status' && isStatus(value)) return ORDER_STATUS_LABELS[value];
    if (field === 'madeOn') return ENGINES[value] ?? value;
    if (field === 'madeAt' || field === 'at') return fullDate(value) || value;
    return value;
  }
  if (Array.isArray(value)) return value.length === 0 ? EMPTY : value.map((item) => plain('', item)).join(', ');
  // Counts by name (the rows of each table of a backup): 'categories 7, products 52'.
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length === 0 ? EMPTY : entries.map(([key, item]) => `${key} ${plain(key, item)}`).join(', ');
  }
  return String(value);
}

/**
 * One value of an entry's before or after, in the shop's words (prices as money, statuses by name); a
 * photo (kept as its fingerprint) reads as the old or the new one.
 */
export function auditValue(field: string, value: unknown, side: 'before' | 'after', max = 80): AuditValue {
  const photo = field === 'photo' && typeof value === 'string' && value !== '';
  const full = (photo ? (side === 'before' ? 'the old photo' : 'a new photo') : plain(field, value)).replace(/\s+/g, ' ').trim() || EMPTY;
  return { text: full.length > max ? `${full.slice(0, max - 1).trimEnd()}…` : full, full };
}

/** One field of an entry: its value before, after, or both (null: the entry has no such side). */
export interface AuditChange {
  field: string;
  label: string;
  before: AuditValue | null;
  after: AuditValue | null;
}

/** The order fields are shown in, what matters most first; others follow in the entry's order. */
const FIELD_ORDER = [
  'name',
  'price',
  'quantity',
  'status',
  'totalCents',
  'email',
  'role',
  'file',
  'rows',
  'create',
  'update',
  'unchanged',
  'newCategories',
  'categoryId',
  'shipping',
  'draft',
  'taxClass',
  'lowStockThreshold',
  'photo',
  'slug',
  'description',
];
const rank = (field: string) => {
  const index = FIELD_ORDER.indexOf(field);
  return index === -1 ? FIELD_ORDER.length : index;
};

/**
 * The fields an entry records, what matters most first (name, price, quantity, status…): before → after
 * for a change, one side for a creation or a deletion.
 */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>): AuditChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort((a, b) => rank(a) - rank(b));
  return fields.map((field) => ({
    field,
    label: fieldLabel(field),
    before: entry.before && field in before ? auditValue(field, before[field], 'before') : null,
    after: entry.after && field in after ? auditValue(field, after[field], 'after') : null,
  }));
}

import { z } from 'zod';
import { pageNumber, wireId } from './common.ts';

export const AUDIT_PAGE_SIZE = 25;
/** The kinds of things whose changes are recorded. */
export const AUDIT_KINDS = ['product', 'category', 'order', 'user', 'import', 'backup', 'restore', 'settings', 'shop', 'discount'] as const;

export const auditQuery = z.object({
  page: pageNumber.optional(),
  kind: z.enum(AUDIT_KINDS, { error: `must be one of ${AUDIT_KINDS.join(', ')}` }).optional(),
  /** A user id, or 0 for the shop itself and command-line tools. */
  actor: z.coerce
    .number<string | number>({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(2_147_483_647)
    .optional(),
});

export const auditEntry = z.object({
  _id: wireId,
  at: z.string(),
  actor: z.object({ _id: wireId.nullable(), name: z.string() }),
  address: z.string().nullable(),
  action: z.string(),
  kind: z.string(),
  entityId: wireId.nullable(),
  /** The name of what was changed (a product's, category's or user's; null for orders, which go by number). */
  name: z.string().nullable(),
  before: z.looseObject({}).nullable(),
  after: z.looseObject({}).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditResponse = z.object({
  success: z.literal(true),
  entries: z.array(auditEntry),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AuditResponse = z.infer<typeof auditResponse>;

export const auditPeopleResponse = z.object({
  success: z.literal(true),
  people: z.array(z.object({ _id: wireId.nullable(), name: z.string() })),
});
export type AuditPeopleResponse = z.infer<typeof auditPeopleResponse>;

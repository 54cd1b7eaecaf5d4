import { z } from 'zod';
import { queryText } from '../kit/http/validate';
import { listQuerySchema, type ListSpec } from '../kit/listQuery';
import { pageOf, route } from '../kit/http/routeContract';
import {
  accountAuditProjection,
  auditEntityKinds,
  auditEventTypes,
  type AuditEventType,
  type AuditFilters,
} from '../../projections/accountAudit';
import { identityProjection } from '../../projections/identity';
import { checkInProjection } from '../../projections/checkIn';

/** The account audit log's API (`/api/account/audit`, docs/audit.md "The account audit log"). */

/** Paging only: the log is always newest first, and its filters are its own parameters (below). */
export const auditListSpec: ListSpec = {
  sorts: { position: 'position' },
  defaultSort: 'position',
  defaultDirection: 'desc',
  filters: {},
  searchColumns: [],
  tieBreaker: 'position',
};

const filterQuery = {
  actor: queryText().optional().describe('Who made the change: a member id, or system, public or stripe'),
  entity_kind: queryText()
    .optional()
    .describe(`What the change was about: ${auditEntityKinds.join(', ')}`),
  entity_id: queryText().optional().describe("The entity's id"),
  type: queryText().optional().describe('Event types, comma-separated'),
  from: queryText().optional().describe('From this day (YYYY-MM-DD, UTC) or instant (ISO 8601), inclusive'),
  to: queryText().optional().describe('Up to this day (YYYY-MM-DD, UTC, inclusive) or instant (exclusive)'),
};
const exportQuery = { format: queryText().optional().describe('csv (the default) or xlsx') };

const day = /^\d{4}-\d{2}-\d{2}$/;
const instant = z.iso.datetime({ offset: true });

/** A day or an instant as the ISO instant it starts at; `end` moves a day to the start of the next one. */
function boundary(value: string, end: boolean): string | null {
  if (day.test(value)) {
    const at = new Date(`${value}T00:00:00.000Z`);
    if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== value) return null;
    if (end) at.setUTCDate(at.getUTCDate() + 1);
    return at.toISOString();
  }
  if (!instant.safeParse(value).success) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

const knownTypes: ReadonlySet<string> = new Set(auditEventTypes);

/** The filters as the query string gives them; every mistake is a field error under the parameter's name. */
export const auditFilterSchema = z
  .object({
    actor: z
      .string()
      .regex(/^(us_[0-9a-z]{4,40}|system|public|stripe|check-in-list:[a-z]{2,4}_[0-9a-z]{4,40})$/, {
        message: 'Give a member id, or system, public or stripe',
      })
      .optional(),
    entity_kind: z.enum(auditEntityKinds, { message: `Allowed: ${auditEntityKinds.join(', ')}` }).optional(),
    entity_id: z
      .string()
      .regex(/^[a-z]{2,4}_[0-9a-z]{4,40}(:[a-z_]{1,30})?$/, { message: 'Not a valid id' })
      .optional(),
    type: z
      .string()
      .transform((text, context) => {
        const types = text.split(',').filter(Boolean);
        const unknown = types.filter((type) => !knownTypes.has(type));
        if (types.length === 0 || unknown.length > 0) {
          context.addIssue({ code: 'custom', message: `Unknown event type: ${unknown.join(', ') || text}` });
          return z.NEVER;
        }
        return types as AuditEventType[];
      })
      .optional(),
    from: z
      .string()
      .transform((text, context) => {
        const at = boundary(text, false);
        if (at === null)
          context.addIssue({ code: 'custom', message: 'Give a date (YYYY-MM-DD) or an ISO instant' });
        return at ?? z.NEVER;
      })
      .optional(),
    to: z
      .string()
      .transform((text, context) => {
        const at = boundary(text, true);
        if (at === null)
          context.addIssue({ code: 'custom', message: 'Give a date (YYYY-MM-DD) or an ISO instant' });
        return at ?? z.NEVER;
      })
      .optional(),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from < filters.to, {
    path: ['to'],
    message: 'Must be after from',
  })
  .transform((filters): AuditFilters => ({
    ...(filters.actor !== undefined && { actor: filters.actor }),
    ...(filters.entity_kind !== undefined && { entityKind: filters.entity_kind }),
    ...(filters.entity_id !== undefined && { entityId: filters.entity_id }),
    ...(filters.type !== undefined && { types: filters.type }),
    ...(filters.from !== undefined && { from: filters.from }),
    ...(filters.to !== undefined && { to: filters.to }),
  }));

export const auditFilterNames = Object.keys(filterQuery);

export const exportFormatSchema = z.enum(['csv', 'xlsx'], { message: 'Use csv or xlsx' });

const actorSchema = z.object({
  id: z.string(),
  kind: z.enum(['member', 'buyer', 'door', 'stripe', 'system']),
  /** The member's or the check-in list's name now; null when unknown or not a person. */
  name: z.string().nullable(),
});

export const auditEntrySchema = z.object({
  position: z.string(),
  at: z.string(),
  type: z.enum(auditEventTypes),
  actor: actorSchema,
  ip: z.string().nullable(),
  correlation_id: z.string().nullable(),
  entity: z.object({
    kind: z.enum(auditEntityKinds),
    id: z.string(),
    /** As it was named then (a member: their name now). */
    name: z.string().nullable(),
  }),
  event: z.object({ id: z.string(), title: z.string().nullable() }).nullable(),
  /** The fields an update changed. */
  fields: z.array(z.string()),
  /** The one value the sentence names: a role, a status, a mail kind. */
  detail: z.string().nullable(),
});

export const auditActorsSchema = z.object({ data: z.array(actorSchema) });

const reads = [accountAuditProjection, identityProjection, checkInProjection];

export const auditLogRouteContracts = [
  route({
    method: 'get',
    path: '/account/audit',
    reads,
    summary: "Every change of the account's configuration and team, newest first (paging, filters)",
    query: listQuerySchema(auditListSpec, filterQuery),
    response: pageOf(auditEntrySchema),
  }),
  route({
    method: 'get',
    path: '/account/audit/actors',
    reads,
    summary: 'Who appears in the audit log (for its actor filter)',
    response: auditActorsSchema,
  }),
  route({
    method: 'get',
    path: '/account/audit/export',
    reads,
    summary: "The audit log in the list's filters as a streamed CSV or XLSX file (`format=csv|xlsx`)",
    query: listQuerySchema(auditListSpec, { ...filterQuery, ...exportQuery }),
    status: 200,
  }),
];

import { z } from 'zod';
import { dataOf, route } from '../../kit/http/routeContract';
import { queryText, singleLineText } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import { maxCheckInListDescriptionLength, maxCheckInListNameLength } from './checkInListDecider';
import type { CheckInListDetails } from './checkInListEvents';
import { entityIdOf } from '../../kit/http/ids';
import { checkInProjection } from '../../../projections/checkIn';
import { ordersProjection } from '../../../projections/orders';

/**
 * The check-in API: the organizer's lists (`/api/events/{eventId}/check-in-lists`, `…/check_in_stats`) and
 * the door staff's public scanning API (`/api/public/check-in-lists/{shortId}/…`, the short id is the
 * credential). Scan answers carry a `result`: `admitted` or one of the closed list of reason codes
 * (docs/admission.md "Check-in results").
 */

export const checkInListIdSchema = entityIdOf('cl');

export function checkInListIdOrNotFound(value: string | undefined): string {
  const parsed = checkInListIdSchema.safeParse(value);
  if (!parsed.success) throw new Refusal('check_in_list_not_found');
  return parsed.data;
}

const isoInstant = z.iso.datetime({
  offset: true,
  message: 'Enter a date and time (ISO 8601, with a time zone offset)',
});
const instantOrNull = (value: string | null) => (value === null ? null : new Date(value).toISOString());

const fields = {
  name: singleLineText()
    .trim()
    .min(1, 'The name is required')
    .max(maxCheckInListNameLength, `The name must be under ${maxCheckInListNameLength + 1} characters`),
  description: z
    .string()
    .max(
      maxCheckInListDescriptionLength,
      `The description must be under ${maxCheckInListDescriptionLength + 1} characters`,
    )
    .nullable(),
  activates_at: isoInstant.nullable(),
  expires_at: isoInstant.nullable(),
  ticket_ids: z.array(z.string().min(1).max(60)).min(1, 'Link at least one ticket').max(500),
};

export const createCheckInListSchema = z
  .object({
    ...fields,
    description: fields.description.default(null),
    activates_at: fields.activates_at.default(null),
    expires_at: fields.expires_at.default(null),
  })
  .strict();
/** Only the fields sent change. */
export const updateCheckInListSchema = z.object(fields).partial().strict();

const textOrNull = (value: string | null) => (value === null || value.trim() === '' ? null : value);

export function toCheckInListDetails(input: z.infer<typeof createCheckInListSchema>): CheckInListDetails {
  return {
    name: input.name,
    description: textOrNull(input.description),
    activatesAt: instantOrNull(input.activates_at),
    expiresAt: instantOrNull(input.expires_at),
    ticketIds: input.ticket_ids,
  };
}

export function toCheckInListChanges(
  input: z.infer<typeof updateCheckInListSchema>,
): Partial<CheckInListDetails> {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: textOrNull(input.description) } : {}),
    ...(input.activates_at !== undefined ? { activatesAt: instantOrNull(input.activates_at) } : {}),
    ...(input.expires_at !== undefined ? { expiresAt: instantOrNull(input.expires_at) } : {}),
    ...(input.ticket_ids !== undefined ? { ticketIds: input.ticket_ids } : {}),
  };
}

const listStatus = z.enum(['NOT_YET_ACTIVE', 'ACTIVE', 'EXPIRED']);

export const checkInListResponseSchema = z.object({
  id: z.string(),
  event_id: z.string(),
  /** The public link's id: `/check-in/{short_id}`. */
  short_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  activates_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  ticket_ids: z.array(z.string()),
  status: listStatus,
  checked_in_attendees: z.number().int(),
  /** Attendees of the linked tickets that are not cancelled. */
  total_attendees: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const checkInStatsResponseSchema = dataOf(
  z.object({
    event_id: z.string(),
    checked_in_attendees: z.number().int(),
    lists: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        checked_in_attendees: z.number().int(),
        total_attendees: z.number().int(),
      }),
    ),
    tickets: z.array(z.object({ ticket_id: z.string(), checked_in_attendees: z.number().int() })),
    /** Minutes (UTC, `…:00.000Z`) with at least one arrival, in order; the time is the scan's. */
    arrivals_per_minute: z.array(z.object({ minute: z.string(), arrivals: z.number().int() })),
    /** Offline scans of someone already admitted, and offline scans the server would have refused. */
    scan_issues: z.array(
      z.object({
        kind: z.enum(['DUPLICATE_ENTRY', 'REFUSED_OFFLINE']),
        check_in_list_id: z.string(),
        attendee_id: z.string(),
        /** From the orders read model; null when it does not know the attendee (any more). */
        attendee_name: z.string().nullable(),
        ticket_id: z.string(),
        device_id: z.string(),
        gate: z.string().nullable(),
        scanned_at: z.string(),
        recorded_at: z.string(),
        reason: z.string().nullable(),
        first_checked_in_at: z.string().nullable(),
        first_device_id: z.string().nullable(),
        first_gate: z.string().nullable(),
      }),
    ),
  }),
);

// ---------- the public scanning API

const nonce = z.string().regex(/^[A-Za-z0-9_-]{8,80}$/, 'A nonce is 8 to 80 letters, digits, - or _');
const deviceIdPattern = /^[A-Za-z0-9_-]{4,80}$/;
const deviceIdMessage = 'A device id is 4 to 80 letters, digits, - or _';
const deviceId = z.string().regex(deviceIdPattern, deviceIdMessage);
const gate = singleLineText().trim().max(60).nullable();
/** Exactly one of: the QR code's digits, or the attendee's short id (manual search, hardware scanners). */
const scanTarget = {
  code: z.string().max(2_000).optional(),
  attendee_short_id: z.string().max(60).optional(),
};
const oneTarget = (value: { code?: string | undefined; attendee_short_id?: string | undefined }) =>
  (value.code === undefined) !== (value.attendee_short_id === undefined);
const oneTargetMessage = { message: 'Send either code or attendee_short_id', path: ['code'] };

export const scanSchema = z
  .object({ ...scanTarget, nonce, device_id: deviceId, gate: gate.default(null) })
  .strict()
  .refine(oneTarget, oneTargetMessage);

export const offlineScansSchema = z
  .object({
    scans: z
      .array(
        z
          .object({
            ...scanTarget,
            nonce,
            device_id: deviceId,
            gate: gate.default(null),
            scanned_at: isoInstant,
          })
          .strict()
          .refine(oneTarget, oneTargetMessage),
      )
      .min(1)
      .max(500),
  })
  .strict();

/**
 * The order reference buyers see (`4K7Q2M9X`, in their confirmation and on their order page), typed at the
 * door in any case, with or without a leading `#`.
 */
export const orderReferenceSchema = queryText()
  .trim()
  .regex(/^#?[0-9A-Za-z]{4,20}$/, 'An order reference is 4 to 20 letters and digits')
  .transform((reference) => reference.replace(/^#/, '').toUpperCase());

export const attendeeSearchSchema = z
  .object({
    query: queryText().max(200).optional().describe('Name, email, order id or reference, ticket reference'),
    order_reference: orderReferenceSchema
      .optional()
      .describe("Exactly this order's attendees on the list, by the reference its buyer sees"),
    limit: z.coerce.number('Give a whole number').int().min(1).max(100).default(50),
  })
  .strict();

/** A check-out names the device that undoes the admission, as a scan does. */
export const checkOutQuerySchema = z
  .object({ device_id: queryText().regex(deviceIdPattern, deviceIdMessage).optional() })
  .strict();

const publicList = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  activates_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  status: listStatus,
  ticket_ids: z.array(z.string()),
  checked_in_attendees: z.number().int(),
  total_attendees: z.number().int(),
});
const publicEvent = z.object({
  id: z.string(),
  title: z.string(),
  start_date: z.string().nullable(),
  timezone: z.string(),
  /** Door staff may mark an order awaiting offline payment paid and admit its attendee (`paid-check-ins`). */
  allows_paying_at_check_in: z.boolean(),
});

const checkInRecord = z.object({
  id: z.string(),
  check_in_list_id: z.string(),
  checked_in_at: z.string(),
  device_id: z.string(),
  gate: z.string().nullable(),
});
export const publicAttendeeSchema = z.object({
  id: z.string(),
  short_id: z.string(),
  order_id: z.string(),
  ticket_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  status: z.enum(['ACTIVE', 'CANCELLED']),
  payment: z.enum(['PAID', 'UNPAID', 'PENDING']),
  /** The ticket's title as ordered: what tells namesakes apart at the door. */
  ticket_title: z.string().nullable(),
  /** The order reference its buyer sees (confirmation, order page). */
  order_reference: z.string().nullable(),
  /** The attendee's current admission on this list, null when not checked in. */
  check_in: checkInRecord.nullable(),
});

export const scanResults = [
  'admitted',
  'already_checked_in',
  'not_on_this_list',
  'attendee_cancelled',
  'attendee_unpaid',
  'list_not_active',
  'list_expired',
  'ticket_not_found',
  'invalid_ticket_code',
  'ticket_of_another_event',
] as const;
export type ScanResult = (typeof scanResults)[number];

export const scanResponseSchema = dataOf(
  z.object({
    result: z.enum(scanResults),
    attendee: publicAttendeeSchema
      .omit({ email: true, check_in: true, ticket_title: true, order_reference: true })
      .nullable(),
    /** `admitted`: the new admission; `already_checked_in`: the earlier one (when, which device or gate, which list). */
    check_in: checkInRecord.extend({ check_in_list_name: z.string() }).nullable(),
  }),
);

export const offlineScanResults = [
  'admitted',
  'duplicate_entry',
  'not_on_this_list',
  'attendee_cancelled',
  'attendee_unpaid',
  'list_not_active',
  'list_expired',
  'ticket_not_found',
  'invalid_ticket_code',
  'ticket_of_another_event',
] as const;
export type OfflineScanResult = (typeof offlineScanResults)[number];

export const offlineScansResponseSchema = dataOf(
  z.array(z.object({ nonce: z.string(), result: z.enum(offlineScanResults) })),
);

const publishedKey = z.object({
  kid: z.string(),
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  alg: z.literal('EdDSA').optional(),
  use: z.literal('sig').optional(),
});

export const publicListResponseSchema = dataOf(z.object({ list: publicList, event: publicEvent }));
export const attendeesResponseSchema = z.object({ data: z.array(publicAttendeeSchema) });
export const snapshotResponseSchema = dataOf(
  z.object({
    list: publicList,
    event: publicEvent,
    attendees: z.array(publicAttendeeSchema.omit({ email: true })),
    ticket_keys: z.array(publishedKey),
    /** The read model's position the snapshot reflects: pushes at or below it are already in it. */
    position: z.string(),
  }),
);

const listsPath = '/events/:eventId/check-in-lists';
const publicPath = '/public/check-in-lists/:shortId';

export const checkInRouteContracts = [
  route({
    method: 'get',
    path: listsPath,
    reads: [checkInProjection, ordersProjection],
    summary: "The event's check-in lists with their counts",
    response: z.object({ data: z.array(checkInListResponseSchema) }),
  }),
  route({
    method: 'post',
    path: listsPath,
    summary: 'Create a check-in list over existing tickets',
    body: createCheckInListSchema,
    response: dataOf(checkInListResponseSchema),
    status: 201,
  }),
  route({
    method: 'get',
    path: `${listsPath}/:id`,
    reads: [checkInProjection, ordersProjection],
    summary: 'A check-in list',
    response: dataOf(checkInListResponseSchema),
  }),
  route({
    method: 'put',
    path: `${listsPath}/:id`,
    summary: 'Change a check-in list',
    body: updateCheckInListSchema,
    response: dataOf(checkInListResponseSchema),
  }),
  route({
    method: 'delete',
    path: `${listsPath}/:id`,
    summary: 'Delete a check-in list (its link stops working)',
    status: 204,
  }),
  route({
    method: 'post',
    path: `${listsPath}/:id/rotate-link`,
    summary: 'Give the list a new link; the old one is revoked',
    response: dataOf(checkInListResponseSchema),
  }),
  route({
    method: 'get',
    path: '/events/:eventId/check_in_stats',
    reads: [checkInProjection, ordersProjection],
    summary: 'Check-in counts, arrivals per minute and scan issues of an event',
    response: checkInStatsResponseSchema,
  }),
  route({
    method: 'get',
    path: publicPath,
    summary: 'A check-in list by its link, with its event and state',
    response: publicListResponseSchema,
    public: true,
  }),
  route({
    method: 'get',
    path: `${publicPath}/attendees`,
    summary: "Search the list's attendees by name, email, order or ticket reference",
    query: attendeeSearchSchema,
    response: attendeesResponseSchema,
    public: true,
  }),
  route({
    method: 'post',
    path: `${publicPath}/check-ins`,
    summary: 'Scan a ticket (QR code or attendee short id)',
    body: scanSchema,
    response: scanResponseSchema,
    public: true,
  }),
  route({
    method: 'post',
    path: `${publicPath}/paid-check-ins`,
    summary:
      "Mark the attendee's order (awaiting offline payment) paid and admit them, where the event allows it",
    body: scanSchema,
    response: scanResponseSchema,
    public: true,
  }),
  route({
    method: 'delete',
    path: `${publicPath}/check-ins/:checkInId`,
    summary: 'Undo an admission (check out)',
    query: checkOutQuerySchema,
    status: 204,
    public: true,
  }),
  route({
    method: 'post',
    path: `${publicPath}/offline-scans`,
    summary: 'Upload scans made offline (idempotent by nonce)',
    body: offlineScansSchema,
    response: offlineScansResponseSchema,
    public: true,
  }),
  route({
    method: 'get',
    path: `${publicPath}/snapshot`,
    summary: 'Every attendee of the list with their state and the ticket keys, for offline scanning',
    response: snapshotResponseSchema,
    public: true,
  }),
];

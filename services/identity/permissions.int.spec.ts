import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../api/app';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../api/testing';
import { describeWithPostgres } from '../kit/testing/postgres';
import { eventually, linkIn } from '../messaging/testing';

/**
 * The permission matrix (spec section 6): every `/api` route the app registers × anonymous, organizer, admin,
 * an inactive member and another account's admin. Routes are read from the routers themselves, so a route
 * added without an entry here fails this test until someone decides who may call it.
 *
 * - `public`: nobody is turned away by the policy (a bad or stale token is ignored).
 * - `member`: any active member (their own profile, logout); `events`: organizers and admins;
 *   `admin`: admins only (users, account settings, outbox, deleting events).
 * - `owned`: the path names this account's things; another account's admin gets 404 and none of their data.
 */
type Access = 'public' | 'member' | 'events' | 'admin';
type Principal = 'anonymous' | 'inactive' | 'other' | 'organizer' | 'admin';

interface Fixtures {
  eventId: string;
  organizerId: string;
  memberId: string;
  mailId: string;
  taxId: string;
  ownIds: Record<'organizer' | 'admin' | 'other', string>;
  adminEmail: string;
  adminPassword: string;
}

interface Entry {
  access: Access;
  owned?: boolean;
  /** Path parameters; `id` of a self-service route is the caller's own unless `owned` applies to them. */
  params?: (f: Fixtures, principal: Principal) => Record<string, string>;
  body?: (f: Fixtures) => unknown;
  /** Query parameters a route requires, so the call reaches the policy rather than the query check. */
  query?: Record<string, string>;
  /** The call ends the caller's session: the next call as that principal logs in again. */
  endsSession?: true;
}

const fakeToken = 'x'.repeat(43);
let unique = 0;
const event = (f: Fixtures) => ({ id: f.eventId });
const eventId = (f: Fixtures) => ({ eventId: f.eventId });
/** A ticket id nobody has: the owner reaches the ticket lookup (404 ticket_not_found), others the event's 404. */
const ticket = (f: Fixtures) => ({ id: f.eventId, ticketId: 'tk_nonexistent' });
const eventOf = (f: Fixtures) => ({ eventId: f.eventId });
/** A check-in link nobody has: the public scanning routes answer 404 check_in_list_not_found to everyone. */
const checkInLink = () => ({ shortId: '00000000000000000000' });
/** Self-service routes: the caller's own id; another account's admin tries this account's member. */
const self = (f: Fixtures, principal: Principal) => ({
  id: principal === 'organizer' || principal === 'admin' ? f.ownIds[principal] : f.memberId,
  token: fakeToken,
});

const permissionMatrix: Record<string, Entry> = {
  'GET /api/openapi.json': { access: 'public' },
  'POST /api/auth/register': { access: 'public', body: () => ({ email: 'not valid' }) },
  'POST /api/auth/login': {
    access: 'public',
    body: (f) => ({ email: f.adminEmail, password: f.adminPassword }),
  },
  'POST /api/auth/logout': { access: 'member', endsSession: true },
  'POST /api/auth/forgot-password': {
    access: 'public',
    body: () => ({ email: `nobody-${++unique}@example.test` }),
  },
  'GET /api/auth/reset-password/:token': { access: 'public', params: () => ({ token: fakeToken }) },
  'POST /api/auth/reset-password/:token': {
    access: 'public',
    params: () => ({ token: fakeToken }),
    body: () => ({ password: 'new password 1', password_confirmation: 'new password 1' }),
  },
  'GET /api/auth/invitation/:token': { access: 'public', params: () => ({ token: fakeToken }) },
  'POST /api/auth/invitation/:token': {
    access: 'public',
    params: () => ({ token: fakeToken }),
    body: () => ({ password: 'x' }),
  },

  'GET /api/users/me': { access: 'member' },
  'PUT /api/users/me': { access: 'member', body: () => ({ timezone: 'Europe/Berlin' }) },
  'POST /api/users/:id/confirm-email/:token': { access: 'member', owned: true, params: self },
  'POST /api/users/:id/resend-email-confirmation': { access: 'member', owned: true, params: self },
  'POST /api/users/:id/email-change/:token': { access: 'member', owned: true, params: self },
  'DELETE /api/users/:id/email-change': { access: 'member', owned: true, params: self },

  'GET /api/users': { access: 'admin' },
  'POST /api/users': {
    access: 'admin',
    body: () => ({ email: `invitee-${++unique}@example.test`, role: 'ORGANIZER' }),
  },
  'GET /api/users/:id': { access: 'admin', owned: true, params: (f) => ({ id: f.memberId }) },
  'PUT /api/users/:id': {
    access: 'admin',
    owned: true,
    params: (f) => ({ id: f.memberId }),
    body: () => ({ role: 'ORGANIZER' }),
  },
  'POST /api/users/:id/invitation': { access: 'admin', owned: true, params: (f) => ({ id: f.memberId }) },
  'DELETE /api/users/:id/invitation': { access: 'admin', owned: true, params: (f) => ({ id: f.memberId }) },
  'POST /api/users/:id/erase': { access: 'admin', owned: true, params: (f) => ({ id: f.memberId }) },

  'GET /api/account': { access: 'admin' },
  'GET /api/account/audit': { access: 'admin' },
  'GET /api/account/audit/actors': { access: 'admin' },
  'GET /api/account/audit/export': { access: 'admin' },
  'PUT /api/account': { access: 'admin', body: () => ({ timezone: 'Europe/Berlin' }) },
  'GET /api/account/taxes-and-fees': { access: 'admin' },
  'POST /api/account/taxes-and-fees': {
    access: 'admin',
    body: () => ({ name: 'Matrix fee', type: 'FEE', calculation_type: 'FIXED', amount: 100 }),
  },
  'GET /api/account/taxes-and-fees/:id': { access: 'admin', owned: true, params: (f) => ({ id: f.taxId }) },
  'PUT /api/account/taxes-and-fees/:id': {
    access: 'admin',
    owned: true,
    params: (f) => ({ id: f.taxId }),
    body: () => ({ name: 'Matrix VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 19 }),
  },
  // An allowed delete succeeds once; the next principals get 404 from the tax, not from the policy.
  'DELETE /api/account/taxes-and-fees/:id': {
    access: 'admin',
    owned: true,
    params: (f) => ({ id: f.taxId }),
  },
  'GET /api/outbox': { access: 'admin' },
  'GET /api/outbox/:id': { access: 'admin', owned: true, params: (f) => ({ id: f.mailId }) },

  'GET /api/events': { access: 'events' },
  'POST /api/events': {
    access: 'events',
    body: (f) => ({
      title: 'Matrix Night',
      start_date: '2027-05-01T19:00:00+02:00',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
      organizer_id: f.organizerId,
    }),
  },
  'GET /api/events/:id': { access: 'events', owned: true, params: event },
  'PUT /api/events/:id': { access: 'events', owned: true, params: event, body: () => ({ is_online: false }) },
  'PUT /api/events/:id/status': {
    access: 'events',
    owned: true,
    params: event,
    body: () => ({ status: 'LIVE' }),
  },
  // The sample event is live, so an allowed delete is refused by the event's rules (only drafts), not by the policy.
  'DELETE /api/events/:id': { access: 'admin', owned: true, params: event },
  'POST /api/events/:id/duplicate': { access: 'events', owned: true, params: event, body: () => ({}) },
  'GET /api/events/:id/settings': { access: 'events', owned: true, params: event },
  'PUT /api/events/:id/settings': { access: 'events', owned: true, params: event, body: () => ({}) },
  'GET /api/events/:id/images': { access: 'events', owned: true, params: event },
  'POST /api/events/:id/images': { access: 'events', owned: true, params: event },
  'DELETE /api/events/:id/images/:imageId': {
    access: 'events',
    owned: true,
    params: (f) => ({ id: f.eventId, imageId: 'im_00000000' }),
  },

  'GET /api/events/:eventId/promo-codes': { access: 'events', owned: true, params: eventId },
  'POST /api/events/:eventId/promo-codes': {
    access: 'events',
    owned: true,
    params: eventId,
    body: () => ({ code: `MATRIX${++unique}`, discount_type: 'PERCENT', discount: 10 }),
  },
  'GET /api/events/:eventId/promo-codes/:promoCodeId': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, promoCodeId: 'pc_00000000' }),
  },
  'PUT /api/events/:eventId/promo-codes/:promoCodeId': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, promoCodeId: 'pc_00000000' }),
    body: () => ({ discount: 20 }),
  },
  'DELETE /api/events/:eventId/promo-codes/:promoCodeId': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, promoCodeId: 'pc_00000000' }),
  },
  'GET /api/events/:eventId/affiliates': { access: 'events', owned: true, params: eventId },
  'POST /api/events/:eventId/affiliates': {
    access: 'events',
    owned: true,
    params: eventId,
    body: () => ({ code: `PARTNER${++unique}`, name: 'Partner' }),
  },
  'GET /api/events/:eventId/affiliates/:affiliateId': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, affiliateId: 'af_00000000' }),
  },
  'PUT /api/events/:eventId/affiliates/:affiliateId': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, affiliateId: 'af_00000000' }),
    body: () => ({ name: 'Partner' }),
  },
  'DELETE /api/events/:eventId/affiliates/:affiliateId': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, affiliateId: 'af_00000000' }),
  },
  'GET /api/events/:eventId/questions': { access: 'events', owned: true, params: eventId },
  'POST /api/events/:eventId/questions': {
    access: 'events',
    owned: true,
    params: eventId,
    body: () => ({ title: 'Matrix question', type: 'SINGLE_LINE_TEXT' }),
  },
  'PUT /api/events/:eventId/questions/sort': {
    access: 'events',
    owned: true,
    params: eventId,
    body: () => ({ question_ids: [] }),
  },
  'GET /api/events/:eventId/questions/:questionId': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, questionId: 'qu_00000000' }),
  },
  'PUT /api/events/:eventId/questions/:questionId': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, questionId: 'qu_00000000' }),
    body: () => ({ title: 'Renamed' }),
  },
  'DELETE /api/events/:eventId/questions/:questionId': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, questionId: 'qu_00000000' }),
  },

  'GET /api/events/:id/tickets': { access: 'events', owned: true, params: event },
  'POST /api/events/:id/tickets': {
    access: 'events',
    owned: true,
    params: event,
    body: () => ({ type: 'FREE', title: 'Matrix Pass' }),
  },
  'PUT /api/events/:id/tickets/sort': {
    access: 'events',
    owned: true,
    params: event,
    body: () => ({ ticket_ids: [] }),
  },
  'GET /api/events/:id/tickets/:ticketId': { access: 'events', owned: true, params: ticket },
  'PUT /api/events/:id/tickets/:ticketId': {
    access: 'events',
    owned: true,
    params: ticket,
    body: () => ({ title: 'Renamed' }),
  },
  'DELETE /api/events/:id/tickets/:ticketId': { access: 'events', owned: true, params: ticket },
  'POST /api/events/:id/tickets/:ticketId/pause': { access: 'events', owned: true, params: ticket },
  'POST /api/events/:id/tickets/:ticketId/resume': { access: 'events', owned: true, params: ticket },
  'GET /api/events/:id/tickets/:ticketId/waiting-list': { access: 'events', owned: true, params: ticket },
  'PUT /api/events/:id/tickets/:ticketId/waiting-list': {
    access: 'events',
    owned: true,
    params: ticket,
    body: () => ({ enabled: true, offer_hours: 24 }),
  },
  'POST /api/events/:eventId/waiting-list/:entryId/offer': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, entryId: 'wl_nonexistent' }),
  },
  'GET /api/events/:eventId/capacity-assignments': { access: 'events', owned: true, params: eventOf },
  'POST /api/events/:eventId/capacity-assignments': {
    access: 'events',
    owned: true,
    params: eventOf,
    body: () => ({ name: 'Matrix hall', capacity: 10, ticket_ids: ['tk_00000000'] }),
  },
  'GET /api/events/:eventId/capacity-assignments/:id': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, id: 'ca_00000000' }),
  },
  'PUT /api/events/:eventId/capacity-assignments/:id': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, id: 'ca_00000000' }),
    body: () => ({ capacity: 5 }),
  },
  'DELETE /api/events/:eventId/capacity-assignments/:id': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, id: 'ca_00000000' }),
  },

  'GET /api/events/:eventId/orders': { access: 'events', owned: true, params: eventOf },
  'GET /api/events/:eventId/orders/:orderId': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, orderId: '00000000-0000-4000-8000-000000000000' }),
  },
  'GET /api/events/:eventId/orders/:orderId/history': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, orderId: '00000000-0000-4000-8000-000000000000' }),
  },
  'GET /api/events/:eventId/orders/:orderId/invoice': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, orderId: '00000000-0000-4000-8000-000000000000' }),
  },
  'GET /api/events/:eventId/orders/:orderId/credit-note': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, orderId: '00000000-0000-4000-8000-000000000000' }),
  },
  'GET /api/events/:eventId/orders/:orderId/as-of': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, orderId: '00000000-0000-4000-8000-000000000000' }),
    query: { position: '1' },
  },
  'POST /api/events/:eventId/orders/:orderId/cancel': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, orderId: '00000000-0000-4000-8000-000000000000' }),
  },
  'POST /api/events/:eventId/orders/:orderId/mark-paid': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, orderId: '00000000-0000-4000-8000-000000000000' }),
  },
  'GET /api/events/:eventId/attendees': { access: 'events', owned: true, params: eventOf },
  'GET /api/events/:eventId/stats': { access: 'events', owned: true, params: eventOf },
  'GET /api/events/:eventId/reports/:report': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, report: 'sales_by_ticket' }),
  },
  'GET /api/stats/overview': { access: 'events' },
  'GET /api/stats/account': { access: 'admin' },
  'POST /api/events/:eventId/orders/:orderId/refunds': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, orderId: '00000000-0000-4000-8000-000000000000' }),
    body: () => ({ amount: 100 }),
  },
  'GET /api/events/:eventId/orders/export': { access: 'events', owned: true, params: eventOf },
  'GET /api/events/:eventId/attendees/export': { access: 'events', owned: true, params: eventOf },
  'PUT /api/events/:eventId/orders/:orderId/buyer': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, orderId: '00000000-0000-4000-8000-000000000000' }),
    body: () => ({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org' }),
  },
  'POST /api/events/:eventId/orders/:orderId/resend-confirmation': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, orderId: '00000000-0000-4000-8000-000000000000' }),
  },
  'POST /api/events/:eventId/orders/:orderId/erase-personal-data': {
    access: 'admin',
    owned: true,
    params: (f) => ({ eventId: f.eventId, orderId: '00000000-0000-4000-8000-000000000000' }),
  },
  'POST /api/events/:eventId/attendees': {
    access: 'events',
    owned: true,
    params: eventOf,
    body: () => ({
      ticket_id: 'tk_nonexistent',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.org',
    }),
  },
  'GET /api/events/:eventId/attendees/:attendeeId': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, attendeeId: '00000000-0000-4000-8000-000000000000' }),
  },
  'PUT /api/events/:eventId/attendees/:attendeeId': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, attendeeId: '00000000-0000-4000-8000-000000000000' }),
    body: () => ({ first_name: 'Ada' }),
  },
  'POST /api/events/:eventId/attendees/:attendeeId/cancel': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, attendeeId: '00000000-0000-4000-8000-000000000000' }),
  },
  'POST /api/events/:eventId/attendees/:attendeeId/reactivate': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, attendeeId: '00000000-0000-4000-8000-000000000000' }),
  },
  'POST /api/events/:eventId/attendees/:attendeeId/resend-ticket': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, attendeeId: '00000000-0000-4000-8000-000000000000' }),
  },
  'GET /api/account/payment': { access: 'events' },
  'POST /api/account/payment/connect': { access: 'admin' },
  'GET /api/account/billing': { access: 'admin' },
  'GET /api/events/:eventId/check-in-lists': { access: 'events', owned: true, params: eventOf },
  'POST /api/events/:eventId/check-in-lists': {
    access: 'events',
    owned: true,
    params: eventOf,
    body: () => ({ name: 'Matrix door', ticket_ids: ['tk_00000000'] }),
  },
  'GET /api/events/:eventId/check-in-lists/:id': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, id: 'cl_00000000' }),
  },
  'PUT /api/events/:eventId/check-in-lists/:id': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, id: 'cl_00000000' }),
    body: () => ({ name: 'Renamed door' }),
  },
  'DELETE /api/events/:eventId/check-in-lists/:id': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, id: 'cl_00000000' }),
  },
  'POST /api/events/:eventId/check-in-lists/:id/rotate-link': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, id: 'cl_00000000' }),
  },
  'GET /api/events/:eventId/check_in_stats': { access: 'events', owned: true, params: eventOf },

  'GET /api/events/:eventId/messages': { access: 'events', owned: true, params: eventOf },
  'POST /api/events/:eventId/messages': {
    access: 'events',
    owned: true,
    params: eventOf,
    body: () => ({
      subject: 'Matrix',
      content: '<p>Matrix</p>',
      recipients: { kind: 'all_attendees' },
      send_at: '2099-01-01T00:00:00Z',
      acknowledged_not_promotional: true,
    }),
  },
  'POST /api/events/:eventId/messages/test': {
    access: 'events',
    owned: true,
    params: eventOf,
    body: () => ({ subject: 'Matrix', content: '<p>Matrix</p>' }),
  },
  'GET /api/events/:eventId/messages/recipient-search': {
    access: 'events',
    owned: true,
    params: eventOf,
    query: { kind: 'attendee', query: 'Matrix' },
  },
  'GET /api/events/:eventId/messages/:messageId': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, messageId: 'msg_00000000' }),
  },
  'GET /api/events/:eventId/messages/:messageId/recipients': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, messageId: 'msg_00000000' }),
  },
  'POST /api/events/:eventId/messages/:messageId/cancel': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, messageId: 'msg_00000000' }),
  },
  'GET /api/events/:eventId/email-templates': { access: 'events', owned: true, params: eventOf },
  'PUT /api/events/:eventId/email-templates/:kind': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, kind: 'order_ticket' }),
    body: () => ({ subject: 'Matrix {{ event.title }}', body: '<p>Matrix</p>' }),
  },
  'DELETE /api/events/:eventId/email-templates/:kind': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, kind: 'order_ticket' }),
  },
  'POST /api/events/:eventId/email-templates/:kind/preview': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, kind: 'order_ticket' }),
    body: () => ({ subject: 'Matrix', body: '<p>Matrix</p>' }),
  },
  'GET /api/events/:eventId/webhooks': { access: 'events', owned: true, params: eventOf },
  'POST /api/events/:eventId/webhooks': {
    access: 'events',
    owned: true,
    params: eventOf,
    body: () => ({ url: 'https://93.184.215.14/matrix', event_types: ['order.created'] }),
  },
  'GET /api/events/:eventId/webhooks/:webhookId': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, webhookId: 'wh_00000000' }),
  },
  'PUT /api/events/:eventId/webhooks/:webhookId': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, webhookId: 'wh_00000000' }),
    body: () => ({ event_types: ['order.paid'] }),
  },
  'PUT /api/events/:eventId/webhooks/:webhookId/status': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, webhookId: 'wh_00000000' }),
    body: () => ({ status: 'DISABLED' }),
  },
  'DELETE /api/events/:eventId/webhooks/:webhookId': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, webhookId: 'wh_00000000' }),
  },
  'GET /api/events/:eventId/webhooks/:webhookId/deliveries': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, webhookId: 'wh_00000000' }),
  },

  'GET /api/organizers': { access: 'events' },
  'POST /api/organizers': { access: 'events', body: () => ({ name: 'Matrix Organizer' }) },
  'GET /api/organizers/:id': { access: 'events', owned: true, params: (f) => ({ id: f.organizerId }) },
  'PUT /api/organizers/:id': {
    access: 'events',
    owned: true,
    params: (f) => ({ id: f.organizerId }),
    body: () => ({}),
  },
  'GET /api/organizers/:id/images': { access: 'events', owned: true, params: (f) => ({ id: f.organizerId }) },
  'POST /api/organizers/:id/images': {
    access: 'events',
    owned: true,
    params: (f) => ({ id: f.organizerId }),
  },
  'DELETE /api/organizers/:id/images/:imageId': {
    access: 'events',
    owned: true,
    params: (f) => ({ id: f.organizerId, imageId: 'im_00000000' }),
  },

  'GET /api/event-defaults': { access: 'events' },
  'PUT /api/event-defaults': { access: 'admin', body: () => ({}) },

  'GET /api/public/check-in-lists/:shortId': { access: 'public', params: checkInLink },
  'GET /api/public/check-in-lists/:shortId/attendees': { access: 'public', params: checkInLink },
  'GET /api/public/check-in-lists/:shortId/snapshot': { access: 'public', params: checkInLink },
  'POST /api/public/check-in-lists/:shortId/check-ins': {
    access: 'public',
    params: checkInLink,
    body: () => ({ attendee_short_id: '00000000000000000001', nonce: 'matrix-nonce', device_id: 'matrix' }),
  },
  'POST /api/public/check-in-lists/:shortId/paid-check-ins': {
    access: 'public',
    params: checkInLink,
    body: () => ({ attendee_short_id: '00000000000000000001', nonce: 'matrix-nonce', device_id: 'matrix' }),
  },
  'DELETE /api/public/check-in-lists/:shortId/check-ins/:checkInId': {
    access: 'public',
    params: () => ({ shortId: '00000000000000000000', checkInId: 'ci_00000000' }),
  },
  'POST /api/public/check-in-lists/:shortId/offline-scans': {
    access: 'public',
    params: checkInLink,
    body: () => ({ scans: [] }),
  },
  'GET /api/public/events': { access: 'public' },
  'GET /api/public/events/:id': { access: 'public', params: event },
  'GET /api/public/events/:id/promo-codes/:code': {
    access: 'public',
    params: (f) => ({ id: f.eventId, code: 'SUMMER' }),
  },
  'POST /api/public/events/:id/page-views': { access: 'public', params: event },
  'POST /api/public/events/:eventId/orders': {
    access: 'public',
    params: eventOf,
    body: () => ({ lines: [{ ticket_id: 'tk_nonexistent', quantity: 1 }] }),
  },
  'POST /api/public/events/:eventId/tickets/:ticketId/waiting-list': {
    access: 'public',
    params: (f) => ({ eventId: f.eventId, ticketId: 'tk_nonexistent' }),
    body: () => ({ name: 'Nobody', email: 'nobody@example.test', quantity: 1 }),
  },
  'POST /api/public/events/:eventId/waiting-room': { access: 'public', params: eventOf, body: () => ({}) },
  'GET /api/public/events/:eventId/waiting-room': { access: 'public', params: eventOf },
  'POST /api/public/waiting-offers/:entryId/claim': {
    access: 'public',
    params: () => ({ entryId: 'wl_nonexistent' }),
    body: () => ({ token: fakeToken }),
  },
  'GET /api/public/events/:eventId/orders/:orderShortId': {
    access: 'public',
    params: (f) => ({ eventId: f.eventId, orderShortId: '00000000000000000000' }),
  },
  'PUT /api/public/events/:eventId/orders/:orderShortId/details': {
    access: 'public',
    params: (f) => ({ eventId: f.eventId, orderShortId: '00000000000000000000' }),
    body: () => ({
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.example',
      attendees: [],
      terms_agreed: true,
    }),
  },
  'POST /api/public/events/:eventId/orders/:orderShortId/extend': {
    access: 'public',
    params: (f) => ({ eventId: f.eventId, orderShortId: '00000000000000000000' }),
  },
  'POST /api/public/events/:eventId/orders/:orderShortId/complete': {
    access: 'public',
    params: (f) => ({ eventId: f.eventId, orderShortId: '00000000000000000000' }),
    body: () => ({ payment_method: 'FREE' }),
  },
  'GET /api/public/events/:eventId/attendees/:attendeeShortId': {
    access: 'public',
    params: (f) => ({ eventId: f.eventId, attendeeShortId: '00000000000000000000' }),
  },
  'GET /api/public/events/:eventId/attendees/:attendeeShortId/ticket.pdf': {
    access: 'public',
    params: (f) => ({ eventId: f.eventId, attendeeShortId: '00000000000000000000' }),
  },
  'GET /api/public/events/:eventId/attendees/:attendeeShortId/wallet.pkpass': {
    access: 'public',
    params: (f) => ({ eventId: f.eventId, attendeeShortId: '00000000000000000000' }),
  },
  'GET /api/public/events/:eventId/attendees/:attendeeShortId/google-wallet': {
    access: 'public',
    params: (f) => ({ eventId: f.eventId, attendeeShortId: '00000000000000000000' }),
  },
  'GET /api/public/events/:eventId/orders/:orderShortId/tickets.pdf': {
    access: 'public',
    params: (f) => ({ eventId: f.eventId, orderShortId: '00000000000000000000' }),
  },
  'GET /api/public/wallets': { access: 'public' },
  'GET /api/public/ticket-keys': { access: 'public' },
  'POST /api/public/events/:eventId/orders/:orderShortId/payment-intent': {
    access: 'public',
    params: (f) => ({ eventId: f.eventId, orderShortId: '00000000000000000000' }),
  },
  'POST /api/public/webhooks/stripe': { access: 'public', body: () => ({ id: 'evt_unsigned' }) },
  // Invoices (issue 31, docs/invoices.md).
  'GET /api/account/invoice-settings': { access: 'admin' },
  'PUT /api/account/invoice-settings': {
    access: 'admin',
    body: () => ({
      prefix: 'INV-',
      seller_company: null,
      seller_address: null,
      seller_country: null,
      seller_vat_id: null,
    }),
  },
  'GET /api/events/:eventId/invoices': { access: 'events', owned: true, params: eventId },
  'GET /api/events/:eventId/invoices/export': { access: 'events', owned: true, params: eventId },
  'GET /api/public/events/:eventId/orders/:orderShortId/invoice.pdf': {
    access: 'public',
    params: (f) => ({ eventId: f.eventId, orderShortId: '00000000000000000000' }),
  },
  'GET /api/public/events/:eventId/orders/:orderShortId/credit-note.pdf': {
    access: 'public',
    params: (f) => ({ eventId: f.eventId, orderShortId: '00000000000000000000' }),
  },
  'GET /api/public/events/:eventId/orders/:orderShortId/invoice.html': {
    access: 'public',
    params: (f) => ({ eventId: f.eventId, orderShortId: '00000000000000000000' }),
  },
  // The organizer's waiting list (issue 31, docs/waiting-list.md).
  'GET /api/events/:eventId/waiting-list': { access: 'events', owned: true, params: eventId },
  'GET /api/events/:eventId/waiting-list/export': { access: 'events', owned: true, params: eventId },
  'DELETE /api/events/:eventId/waiting-list/:entryId': {
    access: 'events',
    owned: true,
    params: (f) => ({ eventId: f.eventId, entryId: 'wl_nonexistent' }),
  },
  'POST /api/events/:eventId/waiting-list/:entryId/erase-personal-data': {
    access: 'admin',
    owned: true,
    params: (f) => ({ eventId: f.eventId, entryId: 'wl_nonexistent' }),
  },
};

/** `METHOD /path` of every route on the app's routers under /api (HEAD comes with GET). */
function registeredApiRoutes(t: TestPlatform): string[] {
  const routes = new Set<string>();
  for (const middleware of createApp(t.platform.services).middleware) {
    const router = (middleware as { router?: { stack: { path: string; methods: string[] }[] } }).router;
    for (const layer of router?.stack ?? []) {
      if (!layer.path.startsWith('/api')) continue;
      for (const method of layer.methods) if (method !== 'HEAD') routes.add(`${method} ${layer.path}`);
    }
  }
  return [...routes].sort();
}

const policyRefusals = ['unauthenticated', 'token_expired', 'forbidden'];
const reasonOf = (response: ApiResponse) => (response.body as { reason?: string } | null)?.reason;

function matrixSuite(kind: StorageKind) {
  let t: TestPlatform;
  let f: Fixtures;
  let inactiveToken: string;
  let other: { email: string; password: string };
  const members: Record<'organizer' | 'inactive' | 'target', { email: string; password: string }> = {
    organizer: { email: 'organizer@matrix.test', password: 'organizer password' },
    inactive: { email: 'inactive@matrix.test', password: 'inactive password' },
    target: { email: 'target@matrix.test', password: 'target password' },
  };
  /** Things of this account that must never show in another account's answers. */
  const secrets = [
    'Open-Air Jazz Evening',
    'Riverside Music Collective',
    'target@matrix.test',
    'My organisation',
  ];

  async function join(adminToken: string, member: { email: string; password: string }) {
    const invited = await t.client(adminToken)<{ data: { id: string } }>('POST', '/api/users', {
      json: { email: member.email, role: 'ORGANIZER' },
    });
    expect(invited.status).toBe(201);
    const mail = await eventually(async () => {
      const list = await t.client(adminToken)<{ data: { id: string; to: string }[] }>(
        'GET',
        `/api/outbox?query=${encodeURIComponent(member.email)}`,
      );
      return list.body.data[0];
    });
    const opened = await t.client(adminToken)<{ data: { text: string } }>('GET', `/api/outbox/${mail.id}`);
    const token = linkIn({ text: opened.body.data.text } as never, '/auth/accept-invitation/')
      .split('/')
      .at(-1)!;
    const accepted = await t.client()('POST', `/api/auth/invitation/${token}`, {
      json: {
        first_name: 'Matrix',
        last_name: 'Member',
        password: member.password,
        password_confirmation: member.password,
      },
    });
    expect(accepted.status).toBe(200);
    return { userId: invited.body.data.id, mailId: mail.id };
  }

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    const adminToken = await t.login(t.admin.email, t.admin.password);
    const organizer = await join(adminToken, members.organizer);
    const inactive = await join(adminToken, members.inactive);
    const target = await join(adminToken, members.target);
    inactiveToken = await t.login(members.inactive.email, members.inactive.password);
    const deactivated = await t.client(adminToken)('PUT', `/api/users/${inactive.userId}`, {
      json: { status: 'INACTIVE' },
    });
    expect(deactivated.status).toBe(200);
    const otherAccount = await t.otherAccount();
    other = { email: otherAccount.email, password: otherAccount.password };
    const events = await t.client(adminToken)<{ data: { id: string }[] }>('GET', '/api/events');
    const organizers = await t.client(adminToken)<{ data: { id: string }[] }>('GET', '/api/organizers');
    const tax = await t.client(adminToken)<{ data: { id: string } }>('POST', '/api/account/taxes-and-fees', {
      json: { name: 'Matrix VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 19 },
    });
    expect(tax.status).toBe(201);
    const me = (token: string) => t.client(token)<{ data: { id: string } }>('GET', '/api/users/me');
    f = {
      eventId: events.body.data[0]!.id,
      organizerId: organizers.body.data[0]!.id,
      memberId: target.userId,
      mailId: target.mailId,
      taxId: tax.body.data.id,
      ownIds: {
        organizer: organizer.userId,
        admin: (await me(adminToken)).body.data.id,
        other: (await me(otherAccount.token)).body.data.id,
      },
      adminEmail: t.admin.email,
      adminPassword: t.admin.password,
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has an entry for every registered /api route, and none for routes that are gone', () => {
    const registered = registeredApiRoutes(t);
    expect(registered.length).toBeGreaterThan(30);
    const missing = registered.filter((route) => !(route in permissionMatrix));
    const stale = Object.keys(permissionMatrix).filter((route) => !registered.includes(route));
    expect(missing, 'routes without a permission-matrix entry: decide who may call them').toEqual([]);
    expect(stale, 'matrix entries for routes that no longer exist').toEqual([]);
  });

  /** One session per principal for the whole matrix (a login is a memory-hard hash), renewed after a logout. */
  const sessions = new Map<Principal, Promise<string | undefined>>();
  function tokenFor(principal: Principal): Promise<string | undefined> {
    let token = sessions.get(principal);
    if (!token) sessions.set(principal, (token = login(principal)));
    return token;
  }

  async function login(principal: Principal): Promise<string | undefined> {
    switch (principal) {
      case 'anonymous':
        return undefined;
      case 'inactive':
        return inactiveToken;
      case 'other':
        return t.login(other.email, other.password);
      case 'organizer':
        return t.login(members.organizer.email, members.organizer.password);
      case 'admin':
        return t.login(t.admin.email, t.admin.password);
    }
  }

  function expected(
    entry: Entry,
    principal: Principal,
  ): 'allowed' | 'unauthenticated' | 'token_expired' | 'forbidden' | 'hidden' {
    if (entry.access === 'public') return 'allowed';
    if (principal === 'anonymous') return 'unauthenticated';
    if (principal === 'inactive') return 'token_expired';
    if (principal === 'other') return entry.owned ? 'hidden' : 'allowed';
    if (principal === 'organizer' && entry.access === 'admin') return 'forbidden';
    return 'allowed';
  }

  const principals: Principal[] = ['anonymous', 'inactive', 'other', 'organizer', 'admin'];

  it('answers every route for every principal as the policy says', async () => {
    const failures: string[] = [];
    for (const route of registeredApiRoutes(t)) {
      const entry = permissionMatrix[route];
      if (!entry) continue;
      const [method, template] = route.split(' ') as [string, string];
      for (const principal of principals) {
        const params = entry.params?.(f, principal) ?? {};
        const path =
          template.replace(/:(\w+)/g, (_all, name: string) =>
            encodeURIComponent(params[name] ?? `missing-${name}`),
          ) + (entry.query ? `?${new URLSearchParams(entry.query).toString()}` : '');
        const body = entry.body?.(f);
        const response = await t.client(await tokenFor(principal))(
          method,
          path,
          body === undefined ? {} : { json: body },
        );
        if (entry.endsSession) sessions.delete(principal);
        const reason = reasonOf(response);
        const outcome = expected(entry, principal);
        const seen = `${route} as ${principal}: ${response.status} ${reason ?? ''}`;
        if (response.status >= 500) failures.push(`${seen} (server error)`);
        else if (
          outcome === 'allowed' &&
          (response.status === 401 || response.status === 403) &&
          policyRefusals.includes(reason ?? '')
        ) {
          failures.push(`${seen}, expected to pass the policy`);
        } else if (
          outcome === 'unauthenticated' &&
          (response.status !== 401 || reason !== 'unauthenticated')
        ) {
          failures.push(`${seen}, expected 401 unauthenticated`);
        } else if (outcome === 'token_expired' && (response.status !== 401 || reason !== 'token_expired')) {
          failures.push(`${seen}, expected 401 token_expired`);
        } else if (outcome === 'forbidden' && (response.status !== 403 || reason !== 'forbidden')) {
          failures.push(`${seen}, expected 403 forbidden`);
        } else if (outcome === 'hidden') {
          if (response.status !== 404) failures.push(`${seen}, expected 404`);
          const text = JSON.stringify(response.body);
          for (const secret of secrets) if (text.includes(secret)) failures.push(`${seen} shows "${secret}"`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("never shows another account's list data", async () => {
    const token = await t.login(other.email, other.password);
    for (const path of [
      '/api/users',
      '/api/events',
      '/api/organizers',
      '/api/outbox',
      '/api/account',
      '/api/users/me',
    ]) {
      const response = await t.client(token)(`GET`, path);
      expect(response.status, path).toBe(200);
      for (const secret of secrets)
        expect(JSON.stringify(response.body), `${path} shows ${secret}`).not.toContain(secret);
    }
  });
}

describe('permission matrix on SQLite', () => matrixSuite('sqlite'));
describeWithPostgres('permission matrix on PostgreSQL', () => matrixSuite('postgres'));

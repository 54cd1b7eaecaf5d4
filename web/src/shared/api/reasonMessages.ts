import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { ReasonCode } from '../../../../services/kit/contracts/reasons';

/**
 * One translated message per reason code the server sends (services/kit/reasons.ts). The type makes a new
 * server reason a compile error here until it has its message; reasonMessages.unit.spec.ts checks every
 * catalogue has them.
 */
export const reasonMessages: Record<ReasonCode, MessageDescriptor> = defineMessages({
  validation_failed: { id: 'reason.validation_failed', defaultMessage: 'The request is not valid' },
  invalid_characters: {
    id: 'reason.invalid_characters',
    defaultMessage: 'The text contains control, bidi or other characters that are not allowed',
  },
  malformed_json: { id: 'reason.malformed_json', defaultMessage: 'The request body is not valid JSON' },
  unsupported_sort: {
    id: 'reason.unsupported_sort',
    defaultMessage: 'This list cannot be sorted by that field',
  },
  unsupported_filter: {
    id: 'reason.unsupported_filter',
    defaultMessage: 'This list cannot be filtered that way',
  },
  payload_too_large: { id: 'reason.payload_too_large', defaultMessage: 'The request body is too large' },
  unsupported_media_type: {
    id: 'reason.unsupported_media_type',
    defaultMessage: 'The request body has an unsupported content type',
  },
  route_not_found: { id: 'reason.route_not_found', defaultMessage: 'There is nothing at this address' },
  method_not_allowed: { id: 'reason.method_not_allowed', defaultMessage: 'This method is not allowed here' },
  not_found: { id: 'reason.not_found', defaultMessage: 'Not found' },
  unauthenticated: { id: 'reason.unauthenticated', defaultMessage: 'Authentication is required' },
  invalid_credentials: {
    id: 'reason.invalid_credentials',
    defaultMessage: 'Please check your email and password and try again',
  },
  token_expired: { id: 'reason.token_expired', defaultMessage: 'Your session has expired' },
  forbidden: { id: 'reason.forbidden', defaultMessage: 'You do not have permission to do this' },
  xsrf_mismatch: { id: 'reason.xsrf_mismatch', defaultMessage: 'The anti-forgery token is missing or wrong' },
  try_again: {
    id: 'reason.try_again',
    defaultMessage: 'Others changed this at the same moment; please try again',
  },
  internal_error: { id: 'reason.internal_error', defaultMessage: 'Something went wrong' },
  not_ready: { id: 'reason.not_ready', defaultMessage: 'The service is not ready yet' },
  idempotency_key_reused: {
    id: 'reason.idempotency_key_reused',
    defaultMessage: 'This Idempotency-Key was already used for a different request',
  },
  idempotency_key_in_use: {
    id: 'reason.idempotency_key_in_use',
    defaultMessage: 'A request with this Idempotency-Key is still being processed; retry in a moment',
  },
  event_already_exists: { id: 'reason.event_already_exists', defaultMessage: 'This event already exists' },
  event_not_found: { id: 'reason.event_not_found', defaultMessage: 'Event not found' },
  event_deleted: {
    id: 'reason.event_deleted',
    defaultMessage: 'Your change was saved, but the event was deleted meanwhile',
  },
  event_dates_invalid: {
    id: 'reason.event_dates_invalid',
    defaultMessage: 'The event must end after it starts',
  },
  invalid_timezone: { id: 'reason.invalid_timezone', defaultMessage: 'Unknown time zone' },
  invalid_currency: { id: 'reason.invalid_currency', defaultMessage: 'Unknown currency' },
  invalid_status_transition: {
    id: 'reason.invalid_status_transition',
    defaultMessage: 'The event cannot move to that status from its current one',
  },
  event_archived: {
    id: 'reason.event_archived',
    defaultMessage: 'An archived event cannot be changed; restore it first',
  },
  email_not_verified: {
    id: 'reason.email_not_verified',
    defaultMessage: 'Verify your email address before making an event live',
  },
  no_tickets: {
    id: 'reason.no_tickets',
    defaultMessage: 'Add at least one ticket before making the event live',
  },
  event_not_draft: {
    id: 'reason.event_not_draft',
    defaultMessage: 'Only a draft event can be deleted; move it to draft first',
  },
  event_has_orders: {
    id: 'reason.event_has_orders',
    defaultMessage: 'An event with orders cannot be deleted; archive it instead',
  },
  organizer_not_found: { id: 'reason.organizer_not_found', defaultMessage: 'Organizer not found' },
  image_not_found: { id: 'reason.image_not_found', defaultMessage: 'Image not found' },
  image_too_large: { id: 'reason.image_too_large', defaultMessage: 'The image must be smaller than 5 MB' },
  unsupported_image_type: {
    id: 'reason.unsupported_image_type',
    defaultMessage: 'Upload a PNG, JPEG, WebP or GIF image',
  },
  image_dimensions_invalid: {
    id: 'reason.image_dimensions_invalid',
    defaultMessage: 'The image is too small or too large',
  },
  ticket_not_found: { id: 'reason.ticket_not_found', defaultMessage: 'Ticket not found' },
  ticket_already_exists: { id: 'reason.ticket_already_exists', defaultMessage: 'This ticket already exists' },
  tier_not_found: { id: 'reason.tier_not_found', defaultMessage: 'Price tier not found' },
  ticket_type_locked: {
    id: 'reason.ticket_type_locked',
    defaultMessage: 'The ticket type cannot change once the ticket has sales or attendees',
  },
  tier_has_sales: {
    id: 'reason.tier_has_sales',
    defaultMessage: 'A price tier with sales cannot be deleted; hide it instead',
  },
  ticket_has_orders: {
    id: 'reason.ticket_has_orders',
    defaultMessage: 'A ticket tied to an order cannot be deleted; hide it instead',
  },
  ticket_sort_failed: {
    id: 'reason.ticket_sort_failed',
    defaultMessage:
      'The tickets could not be sorted because the list changed meanwhile; reload and try again',
  },
  tax_not_found: { id: 'reason.tax_not_found', defaultMessage: 'Tax or fee not found' },
  tax_already_exists: { id: 'reason.tax_already_exists', defaultMessage: 'This tax or fee already exists' },
  capacity_assignment_not_found: {
    id: 'reason.capacity_assignment_not_found',
    defaultMessage: 'Capacity assignment not found',
  },
  capacity_assignment_already_exists: {
    id: 'reason.capacity_assignment_already_exists',
    defaultMessage: 'This capacity assignment already exists',
  },
  sold_out: { id: 'reason.sold_out', defaultMessage: 'Sorry, not enough tickets are left' },
  capacity_exceeded: {
    id: 'reason.capacity_exceeded',
    defaultMessage: 'Sorry, not enough places are left for these tickets',
  },
  promo_code_exhausted: {
    id: 'reason.promo_code_exhausted',
    defaultMessage: 'This promo code has reached its usage limit',
  },
  max_per_order_exceeded: {
    id: 'reason.max_per_order_exceeded',
    defaultMessage: 'You have selected more of this ticket than one order allows',
  },
  min_per_order_not_met: {
    id: 'reason.min_per_order_not_met',
    defaultMessage: 'You have selected fewer of this ticket than one order requires',
  },
  hold_not_found: { id: 'reason.hold_not_found', defaultMessage: 'This reservation does not exist' },
  hold_expired: {
    id: 'reason.hold_expired',
    defaultMessage: 'Sorry, your order has expired. Please start a new order.',
  },
  hold_not_sold: { id: 'reason.hold_not_sold', defaultMessage: 'Only sold tickets can be returned' },
  waiting_list_closed: {
    id: 'reason.waiting_list_closed',
    defaultMessage:
      'This ticket has no waiting list open: it is not sold out or the organizer has not enabled one',
  },
  waiting_entry_still_open: {
    id: 'reason.waiting_entry_still_open',
    defaultMessage: 'This entry is still on the waiting list; remove it before erasing its personal data',
  },
  waiting_list_duplicate: {
    id: 'reason.waiting_list_duplicate',
    defaultMessage: 'This email address is already on the waiting list',
  },
  waiting_offer_expired: {
    id: 'reason.waiting_offer_expired',
    defaultMessage: 'This waiting list offer has expired',
  },
  waiting_offer_not_yours: {
    id: 'reason.waiting_offer_not_yours',
    defaultMessage: 'This waiting list offer belongs to someone else',
  },
  waiting_entry_not_found: {
    id: 'reason.waiting_entry_not_found',
    defaultMessage: 'Waiting list entry not found',
  },
  waiting_room_closed: {
    id: 'reason.waiting_room_closed',
    defaultMessage: 'This event has no waiting room open',
  },
  waiting_room_token_required: {
    id: 'reason.waiting_room_token_required',
    defaultMessage: 'This event has a waiting room: join it and wait for your turn before reserving',
  },
  waiting_room_token_invalid: {
    id: 'reason.waiting_room_token_invalid',
    defaultMessage: 'This waiting room pass is not valid for this event',
  },
  waiting_room_not_admitted_yet: {
    id: 'reason.waiting_room_not_admitted_yet',
    defaultMessage: 'It is not your turn yet; please keep waiting',
  },
  waiting_room_admission_expired: {
    id: 'reason.waiting_room_admission_expired',
    defaultMessage: 'Your turn to reserve has passed; join the waiting room again',
  },
  too_many_reservations: {
    id: 'reason.too_many_reservations',
    defaultMessage:
      'There are too many open reservations from your network for this event. Please complete one of them, or try again in a few minutes.',
  },
  extension_limit_reached: {
    id: 'reason.extension_limit_reached',
    defaultMessage:
      'Your reservation cannot be extended any further. Please complete your order before it ends.',
  },
  quantity_below_sold: {
    id: 'reason.quantity_below_sold',
    defaultMessage: 'The limit cannot be lower than what is already sold or reserved',
  },
  affiliate_code_taken: {
    id: 'reason.affiliate_code_taken',
    defaultMessage: 'This affiliate code is already used in this event',
  },
  affiliate_not_found: { id: 'reason.affiliate_not_found', defaultMessage: 'Affiliate not found' },
  message_not_found: { id: 'reason.message_not_found', defaultMessage: 'Message not found' },
  message_limit_reached: {
    id: 'reason.message_limit_reached',
    defaultMessage: 'The account has sent as many messages today as it may',
  },
  message_already_sent: {
    id: 'reason.message_already_sent',
    defaultMessage: 'This message has already been sent',
  },
  webhook_not_found: { id: 'reason.webhook_not_found', defaultMessage: 'Webhook not found' },
  webhook_url_not_allowed: {
    id: 'reason.webhook_url_not_allowed',
    defaultMessage: 'Webhooks can only be sent to public http(s) addresses',
  },
  order_not_found: { id: 'reason.order_not_found', defaultMessage: 'Sorry, this order no longer exists' },
  invoice_not_found: { id: 'reason.invoice_not_found', defaultMessage: 'This order has no invoice' },
  order_expired: {
    id: 'reason.order_expired',
    defaultMessage: 'Sorry, your order has expired. Please start a new order.',
  },
  order_already_processed: {
    id: 'reason.order_already_processed',
    defaultMessage: 'This order has already been processed',
  },
  order_cancelled: { id: 'reason.order_cancelled', defaultMessage: 'This order has been cancelled' },
  order_details_missing: {
    id: 'reason.order_details_missing',
    defaultMessage: "Enter the buyer's details before paying",
  },
  order_not_awaiting_payment: {
    id: 'reason.order_not_awaiting_payment',
    defaultMessage: 'Only an order awaiting payment can be marked as paid',
  },
  order_already_paid: {
    id: 'reason.order_already_paid',
    defaultMessage: 'This order has already been paid',
  },
  order_id_reused: {
    id: 'reason.order_id_reused',
    defaultMessage: 'This order id was already used for a different order',
  },
  order_not_cancellable: {
    id: 'reason.order_not_cancellable',
    defaultMessage: 'Only a completed order or one awaiting payment can be cancelled',
  },
  terms_not_agreed: {
    id: 'reason.terms_not_agreed',
    defaultMessage: 'You must agree to the terms to continue',
  },
  payment_method_unavailable: {
    id: 'reason.payment_method_unavailable',
    defaultMessage: 'This payment method is not available for this order',
  },
  promo_code_invalid: { id: 'reason.promo_code_invalid', defaultMessage: 'That promo code is invalid' },
  event_not_available: { id: 'reason.event_not_available', defaultMessage: 'This event is not available' },
  ticket_not_on_sale: { id: 'reason.ticket_not_on_sale', defaultMessage: 'This ticket is not on sale' },
  attendee_not_found: { id: 'reason.attendee_not_found', defaultMessage: 'Attendee not found' },
  wallet_not_configured: {
    id: 'reason.wallet_not_configured',
    defaultMessage: 'This wallet is not offered on this platform',
  },
  order_not_completed: {
    id: 'reason.order_not_completed',
    defaultMessage: 'This order has not been completed',
  },
  order_still_open: {
    id: 'reason.order_still_open',
    defaultMessage:
      'This order is still in checkout; its personal data can be erased once it is completed, cancelled or expired',
  },
  personal_data_erased: {
    id: 'reason.personal_data_erased',
    defaultMessage: "This person's personal data was erased",
  },
  order_not_refundable: {
    id: 'reason.order_not_refundable',
    defaultMessage: 'Only a paid order can be refunded',
  },
  refund_pending: {
    id: 'reason.refund_pending',
    defaultMessage: 'There is a pending refund; wait for it to finish',
  },
  refund_amount_exceeds_remaining: {
    id: 'reason.refund_amount_exceeds_remaining',
    defaultMessage: 'The refund amount is more than what remains to be refunded',
  },
  refund_not_found: {
    id: 'reason.refund_not_found',
    defaultMessage: 'Refund not found',
  },
  payment_amount_mismatch: {
    id: 'reason.payment_amount_mismatch',
    defaultMessage: 'The payment does not match the order total',
  },
  manual_order_not_refundable: {
    id: 'reason.manual_order_not_refundable',
    defaultMessage: 'A manually created order cannot be refunded',
  },
  promo_code_taken: {
    id: 'reason.promo_code_taken',
    defaultMessage: 'This promo code is already used in this event',
  },
  promo_code_not_found: { id: 'reason.promo_code_not_found', defaultMessage: 'Promo code not found' },
  promo_code_already_exists: {
    id: 'reason.promo_code_already_exists',
    defaultMessage: 'This promo code already exists',
  },
  question_not_found: { id: 'reason.question_not_found', defaultMessage: 'Question not found' },
  question_already_exists: {
    id: 'reason.question_already_exists',
    defaultMessage: 'This question already exists',
  },
  default_question_locked: {
    id: 'reason.default_question_locked',
    defaultMessage: 'First name, last name and email are default questions and cannot be edited or deleted',
  },
  question_sort_failed: {
    id: 'reason.question_sort_failed',
    defaultMessage:
      'The questions could not be sorted because the list changed meanwhile; reload and try again',
  },
  email_taken: { id: 'reason.email_taken', defaultMessage: 'This email address is already in use' },
  user_inactive: { id: 'reason.user_inactive', defaultMessage: 'This user is not active' },
  account_already_exists: {
    id: 'reason.account_already_exists',
    defaultMessage: 'This account already exists',
  },
  user_already_exists: { id: 'reason.user_already_exists', defaultMessage: 'This user already exists' },
  too_many_requests: {
    id: 'reason.too_many_requests',
    defaultMessage: 'Too many attempts; please wait a moment and try again',
  },
  invalid_token: {
    id: 'reason.invalid_token',
    defaultMessage: 'The link you clicked is invalid or has expired',
  },
  email_already_verified: {
    id: 'reason.email_already_verified',
    defaultMessage: 'This email address is already confirmed',
  },
  email_unchanged: { id: 'reason.email_unchanged', defaultMessage: 'This is already your email address' },
  current_password_incorrect: {
    id: 'reason.current_password_incorrect',
    defaultMessage: 'The current password is not correct',
  },
  account_not_found: { id: 'reason.account_not_found', defaultMessage: 'Account not found' },
  user_not_found: { id: 'reason.user_not_found', defaultMessage: 'User not found' },
  already_a_member: {
    id: 'reason.already_a_member',
    defaultMessage: 'This person is already a member of this account',
  },
  invitation_not_pending: {
    id: 'reason.invitation_not_pending',
    defaultMessage: 'This invitation is no longer pending',
  },
  invitation_revoked: {
    id: 'reason.invitation_revoked',
    defaultMessage: 'This invitation was revoked; invite the person again',
  },
  invitation_not_accepted: {
    id: 'reason.invitation_not_accepted',
    defaultMessage: 'The invitation has not been accepted yet',
  },
  member_still_active: {
    id: 'reason.member_still_active',
    defaultMessage: 'Deactivate this member before erasing their personal data',
  },
  member_of_other_accounts: {
    id: 'reason.member_of_other_accounts',
    defaultMessage: 'This person is also a member of another account; only they or that account can end it',
  },
  account_owner_locked: {
    id: 'reason.account_owner_locked',
    defaultMessage: "The account owner's role and status cannot be changed",
  },
  cannot_lock_yourself_out: {
    id: 'reason.cannot_lock_yourself_out',
    defaultMessage: 'You cannot change your own role or status',
  },
  mail_not_found: { id: 'reason.mail_not_found', defaultMessage: 'Message not found' },
  invalid_price: {
    id: 'reason.invalid_price',
    defaultMessage: 'A price, amount or percentage is not valid for this currency',
  },
  donation_below_minimum: {
    id: 'reason.donation_below_minimum',
    defaultMessage: 'The amount must be at least the minimum price',
  },
  invalid_quantity: {
    id: 'reason.invalid_quantity',
    defaultMessage: 'The quantity must be a whole number of at least 1',
  },
  card_payments_not_configured: {
    id: 'reason.card_payments_not_configured',
    defaultMessage: 'Card payments are not set up on this platform',
  },
  payment_connect_not_available: {
    id: 'reason.payment_connect_not_available',
    defaultMessage:
      'This platform takes card payments with its own Stripe account; there is nothing to connect',
  },
  payment_account_mismatch: {
    id: 'reason.payment_account_mismatch',
    defaultMessage: 'This account is already connected to another Stripe account',
  },
  paying_at_check_in_not_allowed: {
    id: 'reason.paying_at_check_in_not_allowed',
    defaultMessage: 'This event does not allow marking orders paid at check-in',
  },
  payment_setup_incomplete: {
    id: 'reason.payment_setup_incomplete',
    defaultMessage: 'Payment setup incomplete: this event cannot take payments yet',
  },
  payment_provider_unavailable: {
    id: 'reason.payment_provider_unavailable',
    defaultMessage: 'The payment provider could not be reached; please try again',
  },
  stripe_signature_invalid: {
    id: 'reason.stripe_signature_invalid',
    defaultMessage: 'The Stripe signature is missing, wrong or too old',
  },
  check_in_list_not_found: {
    id: 'reason.check_in_list_not_found',
    defaultMessage: 'Check-in list not found',
  },
  check_in_list_already_exists: {
    id: 'reason.check_in_list_already_exists',
    defaultMessage: 'This check-in list already exists',
  },
  check_in_link_revoked: {
    id: 'reason.check_in_link_revoked',
    defaultMessage: 'This check-in link was replaced; ask the organizer for the new one',
  },
  already_checked_in: {
    id: 'reason.already_checked_in',
    defaultMessage: 'This attendee is already checked in',
  },
  not_on_this_list: {
    id: 'reason.not_on_this_list',
    defaultMessage: 'This ticket is not on this check-in list',
  },
  attendee_cancelled: { id: 'reason.attendee_cancelled', defaultMessage: 'This ticket was cancelled' },
  attendee_unpaid: { id: 'reason.attendee_unpaid', defaultMessage: "This ticket's order is not paid" },
  list_not_active: { id: 'reason.list_not_active', defaultMessage: 'This check-in list is not active yet' },
  list_expired: { id: 'reason.list_expired', defaultMessage: 'This check-in list has expired' },
  not_checked_in: { id: 'reason.not_checked_in', defaultMessage: 'This attendee is not checked in' },
  invalid_ticket_code: {
    id: 'reason.invalid_ticket_code',
    defaultMessage: 'This is not a valid ticket code',
  },
  ticket_of_another_event: {
    id: 'reason.ticket_of_another_event',
    defaultMessage: 'This ticket is for another event',
  },
});

/** The message for an API error's reason, if it is a server reason (not `network_error` or `unknown`). */
export function reasonMessage(reason: string): MessageDescriptor | undefined {
  return Object.hasOwn(reasonMessages, reason) ? reasonMessages[reason as ReasonCode] : undefined;
}

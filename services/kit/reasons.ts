/**
 * Every reason code the platform answers with, its HTTP status and a short title. Stable: clients and tests
 * switch on these strings. docs/reason-codes.md lists them for humans.
 */
export const reasonCatalog = {
  // generic
  validation_failed: { status: 400, title: 'The request is not valid' },
  invalid_characters: {
    status: 400,
    title: 'The text contains control, bidi or other characters that are not allowed',
  },
  malformed_json: { status: 400, title: 'The request body is not valid JSON' },
  unsupported_sort: { status: 400, title: 'This list cannot be sorted by that field' },
  unsupported_filter: { status: 400, title: 'This list cannot be filtered that way' },
  payload_too_large: { status: 413, title: 'The request body is too large' },
  unsupported_media_type: { status: 415, title: 'The request body has an unsupported content type' },
  route_not_found: { status: 404, title: 'There is nothing at this address' },
  method_not_allowed: { status: 405, title: 'This method is not allowed here' },
  not_found: { status: 404, title: 'Not found' },
  unauthenticated: { status: 401, title: 'Authentication is required' },
  invalid_credentials: { status: 401, title: 'Please check your email and password and try again' },
  token_expired: { status: 401, title: 'Your session has expired' },
  forbidden: { status: 403, title: 'You do not have permission to do this' },
  xsrf_mismatch: { status: 403, title: 'The anti-forgery token is missing or wrong' },
  try_again: { status: 409, title: 'Others changed this at the same moment; please try again' },
  internal_error: { status: 500, title: 'Something went wrong' },
  not_ready: { status: 503, title: 'The service is not ready yet' },
  idempotency_key_reused: {
    status: 400,
    title: 'This Idempotency-Key was already used for a different request',
  },
  idempotency_key_in_use: {
    status: 409,
    title: 'A request with this Idempotency-Key is still being processed; retry in a moment',
  },
  // events (the things people attend)
  event_already_exists: { status: 409, title: 'This event already exists' },
  event_not_found: { status: 404, title: 'Event not found' },
  event_deleted: { status: 410, title: 'Your change was saved, but the event was deleted meanwhile' },
  event_dates_invalid: { status: 422, title: 'The event must end after it starts' },
  invalid_timezone: { status: 422, title: 'Unknown time zone' },
  invalid_currency: { status: 422, title: 'Unknown currency' },
  invalid_status_transition: {
    status: 409,
    title: 'The event cannot move to that status from its current one',
  },
  event_archived: { status: 409, title: 'An archived event cannot be changed; restore it first' },
  email_not_verified: { status: 409, title: 'Verify your email address before making an event live' },
  no_tickets: { status: 409, title: 'Add at least one ticket before making the event live' },
  event_not_draft: { status: 409, title: 'Only a draft event can be deleted; move it to draft first' },
  event_has_orders: { status: 409, title: 'An event with orders cannot be deleted; archive it instead' },
  organizer_not_found: { status: 404, title: 'Organizer not found' },
  image_not_found: { status: 404, title: 'Image not found' },
  image_too_large: { status: 413, title: 'The image must be smaller than 5 MB' },
  unsupported_image_type: { status: 415, title: 'Upload a PNG, JPEG, WebP or GIF image' },
  image_dimensions_invalid: { status: 422, title: 'The image is too small or too large' },
  // catalogue: tickets, taxes and fees, capacity assignments
  ticket_not_found: { status: 404, title: 'Ticket not found' },
  ticket_already_exists: { status: 409, title: 'This ticket already exists' },
  tier_not_found: { status: 404, title: 'Price tier not found' },
  ticket_type_locked: {
    status: 409,
    title: 'The ticket type cannot change once the ticket has sales or attendees',
  },
  tier_has_sales: { status: 409, title: 'A price tier with sales cannot be deleted; hide it instead' },
  ticket_has_orders: { status: 409, title: 'A ticket tied to an order cannot be deleted; hide it instead' },
  ticket_sort_failed: {
    status: 409,
    title: 'Failed to sort the tickets: the list changed meanwhile; reload and try again',
  },
  tax_not_found: { status: 404, title: 'Tax or fee not found' },
  tax_already_exists: { status: 409, title: 'This tax or fee already exists' },
  capacity_assignment_not_found: { status: 404, title: 'Capacity assignment not found' },
  capacity_assignment_already_exists: { status: 409, title: 'This capacity assignment already exists' },
  // inventory (exact limits)
  sold_out: { status: 409, title: 'Not enough tickets are left' },
  capacity_exceeded: { status: 409, title: 'Not enough places are left for these tickets' },
  promo_code_exhausted: { status: 409, title: 'This promo code has been used as often as it may be' },
  max_per_order_exceeded: { status: 422, title: 'Too many of this ticket in one order' },
  min_per_order_not_met: { status: 422, title: 'Too few of this ticket in one order' },
  hold_not_found: { status: 404, title: 'This reservation does not exist' },
  hold_expired: { status: 409, title: 'Sorry, your order has expired. Please start a new order.' },
  hold_not_sold: { status: 409, title: 'Only sold tickets can be returned' },
  // waiting list
  waiting_list_closed: {
    status: 409,
    title: 'This ticket has no waiting list open: it is not sold out or the organizer has not enabled one',
  },
  waiting_entry_still_open: {
    status: 409,
    title: 'This entry is still on the waiting list; remove it before erasing its personal data',
  },
  waiting_list_duplicate: { status: 409, title: 'This email address is already on the waiting list' },
  waiting_offer_expired: { status: 409, title: 'This waiting list offer has expired' },
  waiting_offer_not_yours: { status: 403, title: 'This waiting list offer belongs to someone else' },
  waiting_entry_not_found: { status: 404, title: 'Waiting list entry not found' },
  waiting_room_closed: { status: 409, title: 'This event has no waiting room open' },
  waiting_room_token_required: {
    status: 403,
    title: 'This event has a waiting room: join it and wait for your turn before reserving',
  },
  waiting_room_token_invalid: { status: 403, title: 'This waiting room pass is not valid for this event' },
  waiting_room_not_admitted_yet: { status: 409, title: 'It is not your turn yet; please keep waiting' },
  waiting_room_admission_expired: {
    status: 409,
    title: 'Your turn to reserve has passed; join the waiting room again',
  },
  too_many_reservations: {
    status: 429,
    title: 'Too many open reservations from your network for this event; please try again later',
  },
  extension_limit_reached: { status: 409, title: 'This reservation cannot be extended any further' },
  quantity_below_sold: {
    status: 409,
    title: 'The limit cannot be lower than what is already sold or reserved',
  },
  // catalogue: promo codes and questions
  affiliate_code_taken: { status: 409, title: 'This affiliate code is already used in this event' },
  affiliate_not_found: { status: 404, title: 'Affiliate not found' },
  // messages and webhooks
  message_not_found: { status: 404, title: 'Message not found' },
  message_limit_reached: { status: 429, title: 'The account has sent as many messages today as it may' },
  message_already_sent: { status: 409, title: 'This message has already been sent' },
  webhook_not_found: { status: 404, title: 'Webhook not found' },
  webhook_url_not_allowed: { status: 422, title: 'Webhooks can only be sent to public http(s) addresses' },
  promo_code_taken: { status: 409, title: 'This promo code is already used in this event' },
  promo_code_not_found: { status: 404, title: 'Promo code not found' },
  promo_code_already_exists: { status: 409, title: 'This promo code already exists' },
  question_not_found: { status: 404, title: 'Question not found' },
  question_already_exists: { status: 409, title: 'This question already exists' },
  default_question_locked: {
    status: 409,
    title: 'First name, last name and email are default questions and cannot be edited or deleted',
  },
  question_sort_failed: {
    status: 409,
    title: 'Failed to sort the questions: the list changed meanwhile; reload and try again',
  },
  // orders and checkout
  order_not_found: { status: 404, title: 'Sorry, this order no longer exists' },
  invoice_not_found: { status: 404, title: 'This order has no invoice' },
  order_expired: { status: 409, title: 'Sorry, your order has expired. Please start a new order.' },
  order_already_processed: { status: 409, title: 'This order has already been processed' },
  order_cancelled: { status: 409, title: 'This order has been cancelled' },
  order_details_missing: { status: 409, title: "Enter the buyer's details before paying" },
  order_not_awaiting_payment: { status: 409, title: 'Only an order awaiting payment can be marked as paid' },
  order_already_paid: { status: 409, title: 'This order has already been paid' },
  order_id_reused: { status: 400, title: 'This order id was already used for a different order' },
  order_not_cancellable: {
    status: 409,
    title: 'Only a completed order or one awaiting payment can be cancelled',
  },
  terms_not_agreed: { status: 422, title: 'You must agree to the terms to continue' },
  payment_method_unavailable: { status: 422, title: 'This payment method is not available for this order' },
  promo_code_invalid: { status: 422, title: 'That promo code is invalid' },
  event_not_available: { status: 409, title: 'This event is not available' },
  ticket_not_on_sale: { status: 409, title: 'This ticket is not on sale' },
  attendee_not_found: { status: 404, title: 'Attendee not found' },
  wallet_not_configured: { status: 404, title: 'This wallet is not offered on this platform' },
  order_not_completed: { status: 409, title: 'This order has not been completed' },
  manual_order_not_refundable: { status: 409, title: 'A manually created order cannot be refunded' },
  order_still_open: {
    status: 409,
    title:
      'This order is still in checkout; its personal data can be erased once it is completed, cancelled or expired',
  },
  personal_data_erased: {
    status: 409,
    title: "This person's personal data was erased",
  },
  // identity
  email_taken: { status: 409, title: 'This email address is already in use' },
  user_inactive: { status: 401, title: 'This user is not active' },
  account_already_exists: { status: 409, title: 'This account already exists' },
  user_already_exists: { status: 409, title: 'This user already exists' },
  too_many_requests: { status: 429, title: 'Too many attempts; please wait a moment and try again' },
  invalid_token: { status: 410, title: 'The link you clicked is invalid or has expired' },
  email_already_verified: { status: 409, title: 'This email address is already confirmed' },
  email_unchanged: { status: 422, title: 'This is already your email address' },
  current_password_incorrect: { status: 422, title: 'The current password is not correct' },
  account_not_found: { status: 404, title: 'Account not found' },
  user_not_found: { status: 404, title: 'User not found' },
  already_a_member: { status: 409, title: 'This person is already a member of this account' },
  invitation_not_pending: { status: 409, title: 'This invitation is no longer pending' },
  invitation_revoked: { status: 409, title: 'This invitation was revoked; invite the person again' },
  invitation_not_accepted: { status: 409, title: 'The invitation has not been accepted yet' },
  account_owner_locked: { status: 409, title: "The account owner's role and status cannot be changed" },
  cannot_lock_yourself_out: { status: 409, title: 'You cannot change your own role or status' },
  member_still_active: { status: 409, title: 'Deactivate this member before erasing their personal data' },
  member_of_other_accounts: {
    status: 409,
    title: 'This person is also a member of another account; only they or that account can end it',
  },
  mail_not_found: { status: 404, title: 'Message not found' },
  // pricing
  invalid_price: {
    status: 422,
    title: 'A price, amount or percentage is not valid for this currency',
  },
  donation_below_minimum: { status: 422, title: 'The amount must be at least the minimum price' },
  invalid_quantity: { status: 422, title: 'The quantity must be a whole number of at least 1' },
  // payments
  card_payments_not_configured: { status: 409, title: 'Card payments are not set up on this platform' },
  payment_connect_not_available: {
    status: 409,
    title: 'This platform takes card payments with its own Stripe account; there is nothing to connect',
  },
  payment_account_mismatch: {
    status: 409,
    title: 'This account is already connected to another Stripe account',
  },
  payment_setup_incomplete: {
    status: 409,
    title: 'Payment setup incomplete: this event cannot take payments yet',
  },
  payment_provider_unavailable: {
    status: 502,
    title: 'The payment provider could not be reached; please try again',
  },
  order_not_refundable: { status: 409, title: 'Only a paid order can be refunded' },
  refund_pending: { status: 409, title: 'There is a pending refund; wait for it to finish' },
  refund_amount_exceeds_remaining: {
    status: 400,
    title: 'The refund amount is more than what remains to be refunded',
  },
  refund_not_found: { status: 404, title: 'Refund not found' },
  payment_amount_mismatch: { status: 409, title: 'The payment does not match the order total' },
  stripe_signature_invalid: { status: 400, title: 'The Stripe signature is missing, wrong or too old' },
  // check-in
  check_in_list_not_found: { status: 404, title: 'Check-in list not found' },
  paying_at_check_in_not_allowed: {
    status: 409,
    title: 'This event does not allow marking orders paid at check-in',
  },
  check_in_list_already_exists: { status: 409, title: 'This check-in list already exists' },
  check_in_link_revoked: {
    status: 410,
    title: 'This check-in link was replaced; ask the organizer for the new one',
  },
  already_checked_in: { status: 409, title: 'This attendee is already checked in' },
  not_on_this_list: { status: 409, title: 'This ticket is not on this check-in list' },
  attendee_cancelled: { status: 409, title: 'This ticket was cancelled' },
  attendee_unpaid: { status: 409, title: "This ticket's order is not paid" },
  list_not_active: { status: 409, title: 'This check-in list is not active yet' },
  list_expired: { status: 409, title: 'This check-in list has expired' },
  not_checked_in: { status: 409, title: 'This attendee is not checked in' },
  invalid_ticket_code: { status: 422, title: 'This is not a valid ticket code' },
  ticket_of_another_event: { status: 409, title: 'This ticket is for another event' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ReasonCode = keyof typeof reasonCatalog;

export function isReasonCode(value: string): value is ReasonCode {
  return Object.hasOwn(reasonCatalog, value);
}

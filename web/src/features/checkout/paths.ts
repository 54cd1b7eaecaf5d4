/** The buyer's URLs (spec section 2): checkout steps, the order's print page, a ticket and its print page. */
export type CheckoutStep = 'details' | 'payment' | 'summary' | 'payment_return';

const enc = encodeURIComponent;

/** The event's public page (with its slug once known; the page reads only the id). */
export const eventPagePath = (event: { id: string; slug: string } | undefined, eventId: string) =>
  `/e/${enc(event?.id ?? eventId)}/${enc(event?.slug ?? 'event')}`;

export const checkoutPath = (eventId: string, orderShortId: string, step: CheckoutStep) =>
  `/checkout/${enc(eventId)}/${enc(orderShortId)}/${step}`;

export const orderPrintPath = (eventId: string, orderShortId: string) =>
  `/order/${enc(eventId)}/${enc(orderShortId)}/print`;

export const ticketPath = (eventId: string, attendeeShortId: string) =>
  `/ticket/${enc(eventId)}/${enc(attendeeShortId)}`;

export const ticketPrintPath = (eventId: string, attendeeShortId: string) =>
  `${ticketPath(eventId, attendeeShortId)}/print`;

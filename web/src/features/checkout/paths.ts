/** The buyer's URLs (spec section 2): checkout steps, the order's print page, a ticket and its print page. */
export type CheckoutStep = 'details' | 'payment' | 'summary' | 'payment_return';

const enc = encodeURIComponent;

export const checkoutPath = (eventId: string, orderShortId: string, step: CheckoutStep) =>
  `/checkout/${enc(eventId)}/${enc(orderShortId)}/${step}`;

export const orderPrintPath = (eventId: string, orderShortId: string) =>
  `/order/${enc(eventId)}/${enc(orderShortId)}/print`;

export const ticketPath = (eventId: string, attendeeShortId: string) =>
  `/ticket/${enc(eventId)}/${enc(attendeeShortId)}`;

export const ticketPrintPath = (eventId: string, attendeeShortId: string) =>
  `${ticketPath(eventId, attendeeShortId)}/print`;

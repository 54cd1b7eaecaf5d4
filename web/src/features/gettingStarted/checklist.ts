import type { EventDetail } from '../events/types';
import { DEFAULT_HOME_COLOURS } from '../publicEvent/homeStyle';
import { COLOUR_FIELDS } from '../events/types';
import type { PaymentConnection } from '../payment/queries';

export type StepId = 'tickets' | 'payment' | 'customise' | 'publish';
/** `unavailable`: the feature that would tick it does not exist on this platform yet. */
export type StepState = 'done' | 'todo' | 'unavailable';

export interface Step {
  id: StepId;
  state: StepState;
  /** Where the organizer does it, under `/manage/event/{id}` or absolute. */
  to: string;
}

/**
 * The getting-started checklist, each step from the event's real state: the page is customised once it has a
 * cover or colours other than the defaults; tickets are done once the event has one (`ticketCount`, null while
 * unknown); publishing is done when it is live; payment is done once the account's card payment connection is
 * (unavailable while the platform takes no card payments, or before the connection is known).
 */
export function checklistFor(
  event: Pick<EventDetail, 'status' | 'cover_image_url' | 'settings'>,
  ticketCount: number | null,
  payment?: Pick<PaymentConnection, 'card_payments' | 'status'>,
): Step[] {
  const customised =
    event.cover_image_url !== null ||
    event.settings.homepage_background_type !== 'COLOR' ||
    COLOUR_FIELDS.some((key) => event.settings[key].toLowerCase() !== DEFAULT_HOME_COLOURS[key]);
  return [
    { id: 'tickets', state: ticketCount !== null && ticketCount > 0 ? 'done' : 'todo', to: 'tickets' },
    {
      id: 'payment',
      state: !payment?.card_payments ? 'unavailable' : payment.status === 'CONNECTED' ? 'done' : 'todo',
      to: '/account/payment',
    },
    { id: 'customise', state: customised ? 'done' : 'todo', to: 'homepage-designer' },
    { id: 'publish', state: event.status === 'LIVE' ? 'done' : 'todo', to: '' },
  ];
}

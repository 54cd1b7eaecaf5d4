import { step, type AnyStep } from '../../kit/workflow';
import { orderDecider } from '../../sales/orders/orderDecider';
import { orderStream } from '../../sales/orders/orderEvents';
import { checkInDecider, type CheckIn, type CheckInState } from './checkInDecider';
import { checkInStream } from './checkInEvents';

/** The admission step's name: its result and state answer the scan. */
export const admissionStep = 'admission';

/**
 * Cash at the door (docs/decisions/workflows.md): the order awaiting its offline payment is marked paid by the
 * list, then the attendee, now paid, is admitted. Everything but the payment must admit them already, and that
 * is decided first, before the payment is: a scan refused for another reason (cancelled, not on this list, a
 * closed list, already admitted) throws its check-in refusal and marks nothing paid.
 */
export function payAtDoor(input: {
  orderId: string;
  /** The scan, with the attendee as paid. */
  admission: CheckIn;
}): AnyStep[] {
  const { orderId, admission } = input;
  const stream = checkInStream(admission.list.checkInListId, admission.attendee?.attendeeId ?? '');
  return [
    step({
      name: 'admissible',
      decider: checkInDecider,
      stream,
      command: (admissions: CheckInState) => {
        checkInDecider.decide(admission, admissions);
        return null;
      },
    }),
    step({
      name: 'payment',
      decider: orderDecider,
      stream: orderStream(orderId),
      command: {
        type: 'MarkOrderPaid',
        orderId,
        by: `check-in-list:${admission.list.checkInListId}`,
        now: admission.now,
      },
    }),
    step({ name: admissionStep, decider: checkInDecider, stream, command: admission }),
  ];
}

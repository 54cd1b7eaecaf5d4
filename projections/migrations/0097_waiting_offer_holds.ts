import {
  waitingListDueTable,
  waitingOfferHoldsTable,
  waitingOfferMailsTable,
} from '../../services/worker/waitingListReactor';
import { readModelTablesMigration } from './migration';

/** The waiting list reactor's notes for its keeper: offer holds, events with stock back, mails to write. */
export const waitingOfferHoldsReadModel = readModelTablesMigration('0097_waiting_offer_holds', [
  waitingOfferHoldsTable,
  waitingListDueTable,
  waitingOfferMailsTable,
]);

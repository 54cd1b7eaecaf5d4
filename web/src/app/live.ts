import { eventDefaultsLive } from '../features/eventDefaults/live';
import { eventsLive } from '../features/events/live';
import { usersLive } from '../features/users/live';
import { organizersLive } from '../features/organizers/live';
import { taxesAndFeesLive } from '../features/taxesAndFees/live';
import { ticketsLive } from '../features/tickets/live';
import { ordersLive } from '../features/orders/live';
import { promoCodesLive } from '../features/promoCodes/live';
import { affiliatesLive } from '../features/affiliates/live';
import { capacityAssignmentsLive } from '../features/capacityAssignments/live';
import { questionsLive } from '../features/questions/live';
import { paymentLive } from '../features/payment/live';
import { statsLive } from '../features/dashboard/live';
import { checkInLive } from '../features/checkIn/live';
import { messagesLive } from '../features/messages/live';
import { webhooksLive } from '../features/webhooks/live';
import { auditLive } from '../features/audit/live';
import { composeLive } from '../shared/live/liveMap';

/** Every feature's live declaration (its `live.ts`); a new feature with a live read model adds its own here. */
export const liveMap = composeLive([
  eventsLive,
  organizersLive,
  eventDefaultsLive,
  usersLive,
  taxesAndFeesLive,
  ticketsLive,
  ordersLive,
  promoCodesLive,
  affiliatesLive,
  capacityAssignmentsLive,
  questionsLive,
  paymentLive,
  statsLive,
  checkInLive,
  messagesLive,
  webhooksLive,
  auditLive,
]);

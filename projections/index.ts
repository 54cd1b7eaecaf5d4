import type { Projection } from './runner/types';
import { eventsProjection } from './events';
import { identityProjection, sessionsProjection } from './identity';
import { eventPagesProjection } from './events/pages';
import { organizersProjection } from './organizers';
import { eventDefaultsProjection } from './eventDefaults';
import { promoCodesProjection } from './promoCodes';
import { affiliatesProjection } from './affiliates';
import { questionsProjection } from './questions';
import { ticketsProjection } from './tickets';
import { taxesAndFeesProjection } from './taxes';
import { capacityAssignmentsProjection } from './capacityAssignments';
import { orderTrailProjection, ordersProjection } from './orders';
import { paymentConnectionsProjection, platformFeesProjection } from './payments';
import { statsProjection } from './stats';
import { checkInProjection } from './checkIn';
import { messagesProjection } from './messages';
import { webhooksProjection } from './webhooks';
import { accountAuditProjection } from './accountAudit';
import { invoicesProjection } from './invoices';
import { waitingListProjection } from './waitingList';

/** Every projection the runner and `npm run projections:rebuild` know about. */
export const allProjections: Projection[] = [
  eventsProjection,
  identityProjection,
  sessionsProjection,
  eventPagesProjection,
  organizersProjection,
  eventDefaultsProjection,
  promoCodesProjection,
  affiliatesProjection,
  questionsProjection,
  ticketsProjection,
  taxesAndFeesProjection,
  capacityAssignmentsProjection,
  ordersProjection,
  orderTrailProjection,
  paymentConnectionsProjection,
  platformFeesProjection,
  statsProjection,
  checkInProjection,
  messagesProjection,
  webhooksProjection,
  accountAuditProjection,
  invoicesProjection,
  waitingListProjection,
];

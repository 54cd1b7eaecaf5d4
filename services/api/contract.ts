import { openApiDocument, route, type RouteContract } from '../kit/http/routeContract';
import { eventRouteContracts, publicEventRouteContracts } from '../catalog/events/eventSchemas';
import { organizerRouteContracts } from '../catalog/organizers/organizerSchemas';
import { eventDefaultsRouteContracts } from '../catalog/eventDefaults/eventDefaultsSchemas';
import { accountRouteContracts } from '../identity/accountSchemas';
import { authRouteContracts } from '../identity/authSchemas';
import { memberRouteContracts } from '../identity/memberSchemas';
import { profileRouteContracts } from '../identity/profileSchemas';
import { outboxRouteContracts } from '../messaging/outboxSchemas';
import { auditLogRouteContracts } from '../audit/auditLogSchemas';
import { promoCodeRouteContracts } from '../catalog/promoCodes/promoCodeSchemas';
import { questionRouteContracts } from '../catalog/questions/questionSchemas';
import { ticketRouteContracts } from '../catalog/tickets/ticketSchemas';
import { taxRouteContracts } from '../catalog/taxes/taxSchemas';
import { capacityAssignmentRouteContracts } from '../catalog/capacity/capacitySchemas';
import { pageViewRouteContracts } from '../reporting/pageViewSchemas';
import { statsRouteContracts } from '../reporting/statsSchemas';
import { affiliateRouteContracts } from '../catalog/affiliates/affiliateSchemas';
import { messageRouteContracts } from '../messaging/messages/messageSchemas';
import { mailTemplateRouteContracts } from '../messaging/mailTemplates/mailTemplateSchemas';
import { webhookRouteContracts } from '../integrations/webhooks/webhookSchemas';
import { orderRouteContracts, publicOrderRouteContracts } from '../sales/orders/orderSchemas';
import {
  publicWaitingListRouteContracts,
  publicWaitingOfferRouteContracts,
  waitingOfferAdminRouteContracts,
} from '../sales/waitingList/waitingListSchemas';
import { ticketDocumentRouteContracts } from '../sales/orders/ticketDocumentRoutes';
import { invoiceRouteContracts } from '../sales/invoices/invoiceSchemas';
import { waitingListAdminRouteContracts } from '../sales/waitingList/waitingListAdminSchemas';
import { publicWaitingRoomRouteContracts } from '../sales/waitingRoom/waitingRoomSchemas';
import { paymentRouteContracts } from '../payments/connection/paymentSchemas';
import { billingRouteContracts } from '../payments/billing/billingSchemas';
import { stripeWebhookRouteContracts } from '../payments/webhooks/stripeWebhookSchemas';
import { checkInRouteContracts } from '../admission/checkIn/checkInSchemas';

/** Every route under /api, as each feature declares it beside its schemas; api.int.spec checks none is missing. */
export const apiRouteContracts: readonly RouteContract[] = [
  route({ method: 'get', path: '/openapi.json', summary: 'This document', public: true }),
  ...authRouteContracts,
  ...profileRouteContracts,
  ...memberRouteContracts,
  ...accountRouteContracts,
  ...outboxRouteContracts,
  ...auditLogRouteContracts,
  ...eventRouteContracts,
  ...organizerRouteContracts,
  ...eventDefaultsRouteContracts,
  ...ticketRouteContracts,
  ...taxRouteContracts,
  ...capacityAssignmentRouteContracts,
  ...promoCodeRouteContracts,
  ...questionRouteContracts,
  ...affiliateRouteContracts,
  ...checkInRouteContracts,
  ...messageRouteContracts,
  ...mailTemplateRouteContracts,
  ...webhookRouteContracts,
  ...publicEventRouteContracts,
  ...pageViewRouteContracts,
  ...orderRouteContracts,
  ...invoiceRouteContracts,
  ...waitingListAdminRouteContracts,
  ...publicOrderRouteContracts,
  ...publicWaitingRoomRouteContracts,
  ...publicWaitingListRouteContracts,
  ...publicWaitingOfferRouteContracts,
  ...waitingOfferAdminRouteContracts,
  ...ticketDocumentRouteContracts,
  ...paymentRouteContracts,
  ...billingRouteContracts,
  ...stripeWebhookRouteContracts,
  ...statsRouteContracts,
];

let document: ReturnType<typeof openApiDocument> | undefined;

/** `/api/openapi.json`, built once per process, when first asked for (it takes a few hundred ms cold). */
export function apiDocument() {
  return (document ??= openApiDocument(apiRouteContracts, { title: 'Ticket Shop API', version: '1' }));
}

import { webhooksTable } from '../webhooks';
import {
  webhookAttemptsTable,
  webhookDeliveriesTable,
  webhookEndpointsTable,
  webhookOrdersTable,
} from '../../services/integrations/webhooks/webhookDeliveries';
import { readModelTablesMigration } from './migration';

/** Outgoing webhooks: the endpoints read model, the reactor's tables and the delivery log. */
export const webhooksReadModel = readModelTablesMigration('0062_webhooks', [
  webhooksTable,
  webhookEndpointsTable,
  webhookOrdersTable,
  webhookDeliveriesTable,
  webhookAttemptsTable,
]);

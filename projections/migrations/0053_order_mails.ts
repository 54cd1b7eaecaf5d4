import { mailAttachmentsTable } from '../../services/messaging/outbox';
import { orderMailsTable } from '../../services/worker/orderMailReactor';
import { readModelTablesMigration } from './migration';

/** The order mail reactor's orders and the attachments of outbox mails (QR codes, .ics files). */
export const orderMailsReadModel = readModelTablesMigration('0053_order_mails', [
  mailAttachmentsTable,
  orderMailsTable,
]);

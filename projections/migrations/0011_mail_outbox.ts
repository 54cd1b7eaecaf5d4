import { mailReactorTables } from '../../services/worker/mailReactor';
import { readModelTablesMigration } from './migration';

/** The mail reactor's outbox, link tokens and the contacts and account names its mails need. */
export const mailOutboxReadModel = readModelTablesMigration('0011_mail_outbox', mailReactorTables);

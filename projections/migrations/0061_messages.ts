import { messagesTable } from '../messages';
import { messageDispatchesTable, messageMailsTable } from '../../services/worker/messageReactor';
import { readModelTablesMigration } from './migration';

/** Organizers' messages: the read model, and the message reactor's copies and recipient counts. */
export const messagesReadModel = readModelTablesMigration('0061_messages', [
  messagesTable,
  messageMailsTable,
  messageDispatchesTable,
]);

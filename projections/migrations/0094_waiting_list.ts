import { waitingListEntriesTable } from '../waitingList';
import { readModelTablesMigration } from './migration';

/** The events' waiting lists for the organizer (docs/waiting-list.md). */
export const waitingListReadModel = readModelTablesMigration('0094_waiting_list', [waitingListEntriesTable]);

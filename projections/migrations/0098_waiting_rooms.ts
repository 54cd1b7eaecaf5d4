import { waitingRoomsTable } from '../../services/worker/waitingRoomKeeper';
import { readModelTablesMigration } from './migration';

/** The waiting room keeper's note per event: the last number handed out and the admitted mark. */
export const waitingRoomsReadModel = readModelTablesMigration('0098_waiting_rooms', [waitingRoomsTable]);

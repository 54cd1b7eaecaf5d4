import { openHoldsTable } from '../../services/worker/checkoutKeeper';
import { readModelTablesMigration } from './migration';

/** The checkout keeper's holds placed without their order yet. */
export const openHoldsReadModel = readModelTablesMigration('0052_open_holds', [openHoldsTable]);

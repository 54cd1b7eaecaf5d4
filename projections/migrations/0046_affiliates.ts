import { affiliatesProjection } from '../affiliates';
import { readModelTablesMigration } from './migration';

export const affiliatesReadModel = readModelTablesMigration('0046_affiliates', affiliatesProjection.tables);

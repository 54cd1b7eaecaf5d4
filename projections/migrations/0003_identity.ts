import { identityProjection } from '../identity';
import { readModelTablesMigration } from './migration';

export const identityReadModel = readModelTablesMigration('0003_identity', identityProjection.tables);

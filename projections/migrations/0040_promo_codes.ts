import { promoCodesProjection } from '../promoCodes';
import { readModelTablesMigration } from './migration';

export const promoCodesReadModel = readModelTablesMigration('0040_promo_codes', promoCodesProjection.tables);

import { promoCodesTable } from '../promoCodes';
import { readModelTablesMigration } from './migration';

// The table as it was created; the projection's later tables come with their own migrations (0051).
export const promoCodesReadModel = readModelTablesMigration('0040_promo_codes', [promoCodesTable]);

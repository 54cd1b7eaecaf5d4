import type { FeatureLive } from '../../shared/live/liveMap';
import { auditQueries } from './api';

/** Every change the log records reaches the account's room: the list and its actors refresh. */
export const auditLive: FeatureLive = {
  feature: 'audit',
  readModels: { accountAudit: () => [auditQueries.all] },
  feeds: [auditQueries.all],
};

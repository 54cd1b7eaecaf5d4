import { pageViewsTable } from '../../services/reporting/pageViews';
import { readModelTablesMigration } from './migration';

/** Public event page views per minute (services/reporting/pageViews.ts): a counter, not a projection. */
export const pageViewsReadModel = readModelTablesMigration('0045_page_views', [pageViewsTable]);

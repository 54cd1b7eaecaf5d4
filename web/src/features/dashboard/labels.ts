import type { IntlShape } from 'react-intl';
import type { Granularity } from './api';

/**
 * A bucket's label. Buckets are local times of the event's zone written as `2026-11-22`, `2026-11-22T19:00` or
 * `19:05`; they are formatted as if UTC so the viewer's own zone never shifts them.
 */
export function bucketLabel(intl: IntlShape, bucket: string, granularity: Granularity): string {
  if (/^\d{2}:\d{2}$/.test(bucket)) return bucket;
  if (granularity === 'day')
    return intl.formatDate(`${bucket}T00:00:00Z`, { timeZone: 'UTC', month: 'short', day: 'numeric' });
  return intl.formatDate(`${bucket}:00Z`, {
    timeZone: 'UTC',
    ...(granularity === 'hour' ? { weekday: 'short' } : {}),
    hour: 'numeric',
    minute: '2-digit',
  });
}

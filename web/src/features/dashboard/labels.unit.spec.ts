import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { bucketLabel } from './labels';

describe('chart bucket labels', () => {
  it("reads a bucket as the event's local time, whatever the viewer's zone", () => {
    const intl = createIntl({ locale: 'en', timeZone: 'Pacific/Auckland' });
    expect(bucketLabel(intl, '2026-11-22', 'day')).toBe('Nov 22');
    expect(bucketLabel(intl, '2026-11-22T19:00', 'hour')).toBe('Sun 7:00 PM');
    expect(bucketLabel(intl, '19:05', 'minute')).toBe('19:05');
  });

  it("follows the viewer's language", () => {
    const intl = createIntl({ locale: 'de' });
    expect(bucketLabel(intl, '2026-11-22', 'day')).toBe('22. Nov.');
    expect(bucketLabel(intl, '2026-11-22T19:00', 'hour')).toBe('So., 19:00');
  });
});

import { describe, expect, it } from 'vitest';
import { buildPayload } from './createEventForm';

const base = {
  organizer_id: 'or_harbour1',
  title: 'Summer Jazz Night',
  start: '2026-07-01T20:00',
  end: '2026-07-01T23:30',
  timezone: 'Europe/Berlin',
  currency: 'EUR',
  description: '',
};

describe('creating an event sends its wall-clock times converted from the chosen zone to UTC', () => {
  it('converts start and end in the event zone', () => {
    const result = buildPayload(base);
    expect(result.errors).toBeNull();
    expect(result.payload).toEqual({
      organizer_id: 'or_harbour1',
      title: 'Summer Jazz Night',
      start_date: '2026-07-01T18:00:00.000Z',
      end_date: '2026-07-01T21:30:00.000Z',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
    });
  });

  it('the same wall clock in another zone is another instant', () => {
    expect(buildPayload({ ...base, timezone: 'America/Chicago' }).payload?.start_date).toBe(
      '2026-07-02T01:00:00.000Z',
    );
  });

  it('leaves out an empty end and description, keeps a description', () => {
    const result = buildPayload({ ...base, end: '', description: 'Bring friends' });
    expect(result.payload).not.toHaveProperty('end_date');
    expect(result.payload?.description).toBe('Bring friends');
  });
});

describe('the create form refuses what the server would refuse', () => {
  it('requires an organizer (spec section 5)', () => {
    expect(buildPayload({ ...base, organizer_id: '' }).errors?.organizer_id).toBeDefined();
  });

  it('requires a title and a start', () => {
    const result = buildPayload({ ...base, title: '  ', start: '' });
    expect(result.payload).toBeNull();
    expect(Object.keys(result.errors ?? {})).toEqual(['title', 'start_date']);
  });

  it('requires the end to be after the start', () => {
    expect(buildPayload({ ...base, end: '2026-07-01T19:00' }).errors?.end_date).toBeDefined();
    expect(buildPayload({ ...base, end: '2026-07-01T20:00' }).errors?.end_date).toBeDefined();
  });

  it('limits title and description length', () => {
    expect(buildPayload({ ...base, title: 'x'.repeat(150) }).errors?.title).toBeDefined();
    expect(buildPayload({ ...base, description: 'x'.repeat(50_000) }).errors?.description).toBeDefined();
  });
});

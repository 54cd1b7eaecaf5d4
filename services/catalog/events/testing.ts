import type { EventDetails } from './eventEvents';

/** An event's details as the tests record them: an evening in Berlin, changed where a test needs it. */
export function eventDetails(overrides: Partial<EventDetails> = {}): EventDetails {
  return {
    title: 'Winter Jazz Night',
    description: '<p>Three bands, one night.</p>',
    startDate: '2026-12-12T18:30:00.000Z',
    endDate: '2026-12-12T22:00:00.000Z',
    timezone: 'Europe/Berlin',
    currency: 'EUR',
    isOnline: false,
    location: null,
    onlineConnectionDetails: null,
    mapUrl: null,
    ...overrides,
  };
}

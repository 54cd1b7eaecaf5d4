import { describe, expect, it } from 'vitest';
import { initialValues, toRequest, validate } from './checkInListForm';

const zone = 'Europe/Berlin';

describe('the check-in list form', () => {
  it('turns local times of the event into UTC and blanks into no limit', () => {
    const values = { ...initialValues(null, zone), name: ' Main door ', activates_at: '2030-06-01T18:00' };
    expect(toRequest(values, ['tk_1'], zone)).toEqual({
      name: 'Main door',
      description: null,
      activates_at: '2030-06-01T16:00:00.000Z',
      expires_at: null,
      ticket_ids: ['tk_1'],
    });
  });

  it('asks for a name, a ticket and an expiry after the activation', () => {
    const values = {
      ...initialValues(null, zone),
      activates_at: '2030-06-01T18:00',
      expires_at: '2030-06-01T17:00',
    };
    expect(Object.keys(validate(values, [], zone)).sort()).toEqual(['expires_at', 'name', 'ticket_ids']);
  });

  it('shows a saved list in the event zone', () => {
    const values = initialValues(
      {
        id: 'cl_1',
        event_id: 'ev_1',
        short_id: 's',
        name: 'Gate',
        description: null,
        activates_at: '2030-06-01T16:00:00.000Z',
        expires_at: null,
        ticket_ids: [],
        status: 'ACTIVE',
        checked_in_attendees: 0,
        total_attendees: 0,
        created_at: '',
        updated_at: '',
      },
      zone,
    );
    expect(values.activates_at).toBe('2030-06-01T18:00');
    expect(values.expires_at).toBe('');
  });
});

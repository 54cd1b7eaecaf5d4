import { describe, expect, it } from 'vitest';
import type { EventSettings } from '../events/types';
import { DEFAULT_HOME_COLOURS } from '../publicEvent/homeStyle';
import { checklistFor } from './checklist';

const settings = { ...DEFAULT_HOME_COLOURS, homepage_background_type: 'COLOR' } as EventSettings;
const stateOf = (event: Parameters<typeof checklistFor>[0], id: string, ticketCount: number | null = 0) =>
  checklistFor(event, ticketCount).find((s) => s.id === id)?.state;

describe('the getting-started checklist is ticked from the event’s real state', () => {
  it('starts with everything to do', () => {
    const draft = { status: 'DRAFT' as const, cover_image_url: null, settings };
    expect(checklistFor(draft, 0).map((s) => [s.id, s.state])).toEqual([
      ['tickets', 'todo'],
      ['payment', 'unavailable'],
      ['customise', 'todo'],
      ['publish', 'todo'],
    ]);
  });

  it('ticks customising once there is a cover or colours of its own', () => {
    expect(stateOf({ status: 'DRAFT', cover_image_url: '/uploads/a.png', settings }, 'customise')).toBe(
      'done',
    );
    expect(
      stateOf(
        {
          status: 'DRAFT',
          cover_image_url: null,
          settings: { ...settings, homepage_primary_color: '#FF0000' },
        },
        'customise',
      ),
    ).toBe('done');
  });

  it('ticks creating tickets once the event has one, and not while the count is unknown', () => {
    const draft = { status: 'DRAFT' as const, cover_image_url: null, settings };
    expect(stateOf(draft, 'tickets', 1)).toBe('done');
    expect(stateOf(draft, 'tickets', 0)).toBe('todo');
    expect(stateOf(draft, 'tickets', null)).toBe('todo');
  });

  it('ticks payment once the account’s card payments are connected, and leaves it out when there are none', () => {
    const draft = { status: 'DRAFT' as const, cover_image_url: null, settings };
    const payment = (card_payments: boolean, status: 'NOT_CONNECTED' | 'SETUP_INCOMPLETE' | 'CONNECTED') =>
      checklistFor(draft, 0, { card_payments, status }).find((s) => s.id === 'payment')?.state;
    expect(payment(true, 'CONNECTED')).toBe('done');
    expect(payment(true, 'SETUP_INCOMPLETE')).toBe('todo');
    expect(payment(true, 'NOT_CONNECTED')).toBe('todo');
    expect(payment(false, 'NOT_CONNECTED')).toBe('unavailable');
  });

  it('ticks publishing when the event is live', () => {
    expect(stateOf({ status: 'LIVE', cover_image_url: null, settings }, 'publish')).toBe('done');
  });
});

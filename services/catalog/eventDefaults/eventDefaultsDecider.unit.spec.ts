import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../kit/deciderSpec';
import {
  builtInEventDefaults,
  eventDefaultsDecider,
  settingsFromDefaults,
  type EventDefaults,
} from './eventDefaultsDecider';

const now = new Date('2026-11-22T10:00:00.000Z');
const spec = deciderSpec(eventDefaultsDecider);
const update = (changes: Partial<EventDefaults>) => ({
  type: 'UpdateEventDefaults' as const,
  accountId: 'ac_1',
  changes,
  now,
});

describe('event defaults', () => {
  it('records the defaults that changed', () => {
    spec
      .given([])
      .when(update({ timezone: 'Europe/Lisbon', orderTimeoutMinutes: 15, priceDisplayMode: 'EXCLUSIVE' }))
      .then([
        {
          type: 'EventDefaultsUpdated',
          data: {
            accountId: 'ac_1',
            changes: { timezone: 'Europe/Lisbon', priceDisplayMode: 'EXCLUSIVE' },
            updatedAt: now.toISOString(),
          },
        },
      ]);
  });

  it('refuses an unknown zone or currency and an impossible order timeout', () => {
    spec
      .given([])
      .when(update({ timezone: 'Nowhere/Land' }))
      .thenRefused('invalid_timezone', ['timezone']);
    spec
      .given([])
      .when(update({ currency: 'ZZZQ' }))
      .thenRefused('invalid_currency', ['currency']);
    spec
      .given([])
      .when(update({ orderTimeoutMinutes: 5000 }))
      .thenRefused('validation_failed', ['order_timeout_minutes']);
  });

  it('become the settings a new event starts with', () => {
    const settings = settingsFromDefaults({
      ...builtInEventDefaults,
      orderTimeoutMinutes: 30,
      allowSearchEngineIndexing: false,
    });
    expect(settings).toMatchObject({
      orderTimeoutMinutes: 30,
      allowSearchEngineIndexing: false,
      priceDisplayMode: 'INCLUSIVE',
    });
  });
});

import type { Decider } from '../../kit/decider';
import { refuse } from '../../kit/refusal';
import { isCurrency, isTimeZone } from '../events/eventDecider';
import {
  checkSettings,
  defaultEventSettings,
  type EventSettings,
  type PriceDisplayMode,
} from '../events/eventSettings';

/** An account's defaults for new events (`/account/event-defaults`): one stream per account. */
export interface EventDefaults {
  timezone: string | null;
  currency: string | null;
  orderTimeoutMinutes: number;
  priceDisplayMode: PriceDisplayMode;
  allowSearchEngineIndexing: boolean;
  showAvailableQuantity: boolean;
  /** New events issue invoices (docs/invoices.md). */
  invoicesEnabled: boolean;
  supportEmail: string | null;
  continueButtonText: string | null;
}

export const builtInEventDefaults: EventDefaults = {
  timezone: null,
  currency: null,
  orderTimeoutMinutes: defaultEventSettings.orderTimeoutMinutes,
  priceDisplayMode: defaultEventSettings.priceDisplayMode,
  allowSearchEngineIndexing: defaultEventSettings.allowSearchEngineIndexing,
  showAvailableQuantity: defaultEventSettings.showAvailableQuantity,
  invoicesEnabled: defaultEventSettings.invoicesEnabled,
  supportEmail: null,
  continueButtonText: null,
};

export const eventDefaultsStream = (accountId: string): string => `event-defaults-${accountId}`;

export type EventDefaultsUpdated = {
  type: 'EventDefaultsUpdated';
  data: { accountId: string; changes: Partial<EventDefaults>; updatedAt: string };
};
export type UpdateEventDefaults = {
  type: 'UpdateEventDefaults';
  accountId: string;
  changes: Partial<EventDefaults>;
  now: Date;
};
export type EventDefaultsState = { defaults: EventDefaults };

export const eventDefaultsDecider: Decider<UpdateEventDefaults, EventDefaultsUpdated, EventDefaultsState> = {
  initialState: () => ({ defaults: builtInEventDefaults }),
  evolve: (state, event) => ({ defaults: { ...state.defaults, ...event.data.changes } }),
  decide(command, state) {
    const changes: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(command.changes)) {
      if (value !== undefined && value !== state.defaults[key as keyof EventDefaults]) changes[key] = value;
    }
    if (Object.keys(changes).length === 0) return [];
    const next = { ...state.defaults, ...changes };
    if (next.timezone !== null && !isTimeZone(next.timezone))
      refuse('invalid_timezone', undefined, { timezone: ['Unknown time zone'] });
    if (next.currency !== null && !isCurrency(next.currency))
      refuse('invalid_currency', undefined, { currency: ['Unknown currency'] });
    checkSettings(settingsFromDefaults(next));
    return [
      {
        type: 'EventDefaultsUpdated',
        data: {
          accountId: command.accountId,
          changes: changes,
          updatedAt: command.now.toISOString(),
        },
      },
    ];
  },
};

/** The settings a new event starts with under these defaults. */
export function settingsFromDefaults(defaults: EventDefaults): EventSettings {
  return {
    ...defaultEventSettings,
    orderTimeoutMinutes: defaults.orderTimeoutMinutes,
    priceDisplayMode: defaults.priceDisplayMode,
    allowSearchEngineIndexing: defaults.allowSearchEngineIndexing,
    showAvailableQuantity: defaults.showAvailableQuantity,
    invoicesEnabled: defaults.invoicesEnabled,
    supportEmail: defaults.supportEmail,
    continueButtonText: defaults.continueButtonText,
  };
}

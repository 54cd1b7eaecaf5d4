import { refuse, type FieldErrors } from '../../kit/refusal';
import type { PriceDisplayMode } from '../../pricing/pricing';

/**
 * An event's settings (spec section 3, Event): email and notification, SEO, miscellaneous, homepage and
 * checkout, and the homepage designer's colours. Each section of the settings screen saves only its own
 * fields; the decider records only what changed.
 */
export type { PriceDisplayMode };
export type HomepageBackgroundType = 'COLOR' | 'COVER_IMAGE';

export interface HomepageColours {
  homepageBackgroundColor: string;
  homepageContentBackgroundColor: string;
  homepagePrimaryColor: string;
  homepageSecondaryColor: string;
  homepageTextColor: string;
  homepageButtonColor: string;
  homepageLinkColor: string;
  widgetBackgroundColor: string;
  widgetTextColor: string;
}

export interface EventSettings extends HomepageColours {
  supportEmail: string | null;
  replyToEmail: string | null;
  /** Sanitised HTML. */
  emailFooterMessage: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  seoKeywords: string | null;
  allowSearchEngineIndexing: boolean;
  orderTimeoutMinutes: number;
  priceDisplayMode: PriceDisplayMode;
  showAvailableQuantity: boolean;
  hideHomepageFromSidebar: boolean;
  /** Sanitised HTML. */
  preCheckoutMessage: string | null;
  /** Sanitised HTML. */
  postCheckoutMessage: string | null;
  continueButtonText: string | null;
  /** The offline payment method (bank transfer, cash at the door): offered at checkout when enabled. */
  offlinePaymentsEnabled: boolean;
  /** Sanitised HTML: how to pay offline, shown after checkout and in the confirmation mail. */
  offlinePaymentInstructions: string | null;
  /**
   * Door staff may admit an attendee whose order awaits its offline payment by marking the order paid at the
   * door (cash at the entrance).
   */
  allowOrdersAwaitingOfflinePaymentToCheckIn: boolean;
  /** Invoices (issue 31, docs/invoices.md): each completed order gets a numbered invoice, a cancelled one its credit note. */
  invoicesEnabled: boolean;
  /**
   * The on-sale waiting room (docs/waiting-room.md): true or false as the organizer chose; null (the default)
   * leaves it to the event's size, on for a large on-sale (`waitingRoomOn`, services/sales/waitingRoom).
   */
  waitingRoomEnabled: boolean | null;
  /** Buyers in checkout at once while the waiting room is on. */
  waitingRoomCheckoutCapacity: number;
  homepageBackgroundType: HomepageBackgroundType;
}

export const colourKeys: readonly (keyof HomepageColours)[] = [
  'homepageBackgroundColor',
  'homepageContentBackgroundColor',
  'homepagePrimaryColor',
  'homepageSecondaryColor',
  'homepageTextColor',
  'homepageButtonColor',
  'homepageLinkColor',
  'widgetBackgroundColor',
  'widgetTextColor',
];

export const defaultHomepageColours: HomepageColours = {
  homepageBackgroundColor: '#f6f7f9',
  homepageContentBackgroundColor: '#ffffff',
  homepagePrimaryColor: '#2d72d2',
  homepageSecondaryColor: '#5f6b7c',
  homepageTextColor: '#1c2127',
  homepageButtonColor: '#2d72d2',
  homepageLinkColor: '#215db0',
  widgetBackgroundColor: '#ffffff',
  widgetTextColor: '#1c2127',
};

export const defaultEventSettings: EventSettings = {
  supportEmail: null,
  replyToEmail: null,
  emailFooterMessage: null,
  seoTitle: null,
  seoDescription: null,
  seoKeywords: null,
  allowSearchEngineIndexing: true,
  orderTimeoutMinutes: 15,
  priceDisplayMode: 'INCLUSIVE',
  showAvailableQuantity: false,
  hideHomepageFromSidebar: false,
  preCheckoutMessage: null,
  postCheckoutMessage: null,
  continueButtonText: null,
  offlinePaymentsEnabled: false,
  offlinePaymentInstructions: null,
  allowOrdersAwaitingOfflinePaymentToCheckIn: false,
  invoicesEnabled: false,
  waitingRoomEnabled: null,
  waitingRoomCheckoutCapacity: 100,
  homepageBackgroundType: 'COLOR',
  ...defaultHomepageColours,
};

/** `#rgb` or `#rrggbb` (spec section 5: colours must be valid hex, for example #ffffff). */
export const hexColour = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
export const minOrderTimeoutMinutes = 1;
export const maxOrderTimeoutMinutes = 1440;
export const recommendedOrderTimeoutMinutes = 15;
export const minWaitingRoomCheckoutCapacity = 1;
export const maxWaitingRoomCheckoutCapacity = 10_000;
export const maxMessageLength = 49_999;
export const maxSeoTitleLength = 150;
export const maxSeoDescriptionLength = 500;
export const maxSeoKeywordsLength = 500;
export const maxContinueButtonTextLength = 50;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function checkSettings(settings: EventSettings): void {
  const errors: FieldErrors = {};
  for (const key of colourKeys) {
    if (!hexColour.test(settings[key])) errors[snake(key)] = ['Enter a hex colour such as #ffffff'];
  }
  const timeout = settings.orderTimeoutMinutes;
  if (!Number.isInteger(timeout) || timeout < minOrderTimeoutMinutes || timeout > maxOrderTimeoutMinutes) {
    errors.order_timeout_minutes = [
      `Enter whole minutes from ${minOrderTimeoutMinutes} to ${maxOrderTimeoutMinutes}`,
    ];
  }
  const capacity = settings.waitingRoomCheckoutCapacity;
  if (
    !Number.isInteger(capacity) ||
    capacity < minWaitingRoomCheckoutCapacity ||
    capacity > maxWaitingRoomCheckoutCapacity
  ) {
    errors.waiting_room_checkout_capacity = [
      `Enter a whole number of buyers from ${minWaitingRoomCheckoutCapacity} to ${maxWaitingRoomCheckoutCapacity}`,
    ];
  }
  const lengths: [keyof EventSettings, number][] = [
    ['emailFooterMessage', maxMessageLength],
    ['preCheckoutMessage', maxMessageLength],
    ['postCheckoutMessage', maxMessageLength],
    ['seoTitle', maxSeoTitleLength],
    ['seoDescription', maxSeoDescriptionLength],
    ['seoKeywords', maxSeoKeywordsLength],
    ['continueButtonText', maxContinueButtonTextLength],
  ];
  for (const [key, max] of lengths) {
    const value = settings[key];
    if (typeof value === 'string' && value.length > max)
      errors[snake(key)] = [`Keep this to ${max} characters`];
  }
  if (Object.keys(errors).length > 0) refuse('validation_failed', undefined, errors);
}

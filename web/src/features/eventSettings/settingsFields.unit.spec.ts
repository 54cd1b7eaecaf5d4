import { describe, expect, it } from 'vitest';
import { SETTINGS_SECTIONS, settingFields, settingsInitial, settingsKinds } from './settingsFields';

describe('settings sections described once as fields', () => {
  const seo = SETTINGS_SECTIONS.find((section) => section.anchor === 'seo')?.fields ?? [];

  it('starts a section from the server values, empty text for null', () => {
    expect(
      settingsInitial(seo, {
        seo_title: 'Lanterns',
        seo_description: null,
        allow_search_engine_indexing: true,
        unrelated: 'x',
      }),
    ).toEqual({
      seo_title: 'Lanterns',
      seo_description: '',
      seo_keywords: '',
      allow_search_engine_indexing: true,
    });
  });

  it('knows which fields send blank as null and which are rich text', () => {
    const checkout = SETTINGS_SECTIONS.find((section) => section.anchor === 'checkout')?.fields ?? [];
    expect(settingsKinds(checkout)).toEqual({
      pre_checkout_message: 'html',
      post_checkout_message: 'html',
      continue_button_text: 'text',
    });
  });

  it('reads fields inside rows and the composite ones', () => {
    const fields = [
      { kind: 'row' as const, fields: [settingFields.supportEmail, settingFields.continueButtonText] },
      settingFields.orderTimeout,
      settingFields.priceDisplay,
    ];
    expect(
      settingsInitial(fields, {
        support_email: null,
        order_timeout_minutes: 20,
        price_display_mode: 'INCLUSIVE',
      }),
    ).toEqual({
      support_email: '',
      continue_button_text: '',
      order_timeout_minutes: 20,
      price_display_mode: 'INCLUSIVE',
    });
  });

  it('starts the waiting room as automatic unless the organizer chose, and sends null for automatic', () => {
    const room = SETTINGS_SECTIONS.find((section) => section.anchor === 'waiting-room')?.fields ?? [];
    expect(
      settingsInitial(room, { waiting_room_enabled: null, waiting_room_checkout_capacity: 100 }),
    ).toEqual({
      waiting_room_enabled: null,
      waiting_room_checkout_capacity: 100,
    });
    expect(settingsInitial(room, { waiting_room_enabled: false, waiting_room_checkout_capacity: 7 })).toEqual(
      {
        waiting_room_enabled: false,
        waiting_room_checkout_capacity: 7,
      },
    );
    expect(settingsKinds(room)).toEqual({});
  });
});

import type { Knex } from 'knex';
import { findOrganizer, presentPublicOrganizer } from '../organizers';
import { presentEvent, type EventRow } from '.';
import {
  findEventPage,
  imageUrl,
  listEventImages,
  presentEventImage,
  presentSettings,
  type EventImageRow,
} from './pages';

/** Everything the back office shows of one event: its row, page (settings, links), images and organizer. */
export async function presentEventDetail(db: Knex, row: EventRow, now: Date) {
  const [page, images, organizer] = await Promise.all([
    findEventPage(db, row.id),
    listEventImages(db, row.id),
    row.organizer_id ? findOrganizer(db, row.organizer_id) : undefined,
  ]);
  return {
    ...presentEvent(row, now),
    // Sanitised where it enters the read model (the events projection), so reads during a rush parse nothing.
    description_html: row.description,
    online_connection_details: page?.online_connection_details ?? null,
    map_url: page?.map_url ?? null,
    settings: presentSettings(page),
    images: images.map(presentEventImage),
    cover_image_url: coverUrl(images),
    organizer: organizer ? presentPublicOrganizer(organizer) : null,
  };
}

const publicSettings = [
  'support_email',
  'seo_title',
  'seo_description',
  'seo_keywords',
  'allow_search_engine_indexing',
  'price_display_mode',
  'show_available_quantity',
  'pre_checkout_message',
  'post_checkout_message',
  'continue_button_text',
  'homepage_background_type',
  'homepage_background_color',
  'homepage_content_background_color',
  'homepage_primary_color',
  'homepage_secondary_color',
  'homepage_text_color',
  'homepage_button_color',
  'homepage_link_color',
  'widget_background_color',
  'widget_text_color',
];

/** What buyers get: no account id, no online joining details (those come with the ticket), no reply-to. */
export async function presentPublicEvent(db: Knex, row: EventRow, now: Date) {
  return (await presentPublicEventWithSeller(db, row, now)).event;
}

/**
 * The buyers' view of the event, and beside it what the server needs about the seller and never shows: the
 * account that takes the money, and whether it takes offline payments for this event.
 */
export async function presentPublicEventWithSeller(db: Knex, row: EventRow, now: Date) {
  const {
    account_id: accountId,
    online_connection_details: _joining,
    settings,
    ...rest
  } = await presentEventDetail(db, row, now);
  return {
    event: { ...rest, settings: Object.fromEntries(publicSettings.map((key) => [key, settings[key]])) },
    seller: { accountId, offlinePaymentsEnabled: settings.offline_payments_enabled === true },
  };
}

export function coverUrl(images: readonly EventImageRow[]): string | null {
  const cover = images.find((image) => image.type === 'EVENT_COVER');
  return cover ? imageUrl(cover.storage_key) : null;
}

export type PresentedEventDetail = Awaited<ReturnType<typeof presentEventDetail>>;

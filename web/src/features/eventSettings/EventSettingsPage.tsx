import { Callout, HTMLSelect, InputGroup, Switch, TextArea } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useOutletContext } from 'react-router';
import { dateTimeLocalToUtcIso, listTimeZones, utcToDateTimeLocal } from '../../shared/time/zonedTime';
import {
  deleteEventImage,
  updateEvent,
  updateEventSettings,
  uploadEventCover,
  type UpdateEventPayload,
} from '../events/api';
import { eventQueries } from '../events/queries';
import type { EventDetail, EventSettings } from '../events/types';
import { useCurrencyOptions } from '../events/useCurrencyOptions';
import { organizerQueries } from '../organizers/queries';
import { OrderTimeoutField, PriceDisplayField, RichTextField } from './fields';
import { apiChanges, htmlOrNull, textOrNull } from '../../shared/forms/values';
import { ImageUploadField } from '../../shared/ui/ImageUploadField';
import { eventSettingsMessages as m } from './messages';
import { Field, SettingsSection } from './SettingsSection';
import '../../shared/ui/manage.css';
import { PageTitle } from '../../shared/ui/PageTitle';

const SECTIONS = [
  ['basic', m.basic],
  ['location', m.location],
  ['cover', m.cover],
  ['email', m.email],
  ['seo', m.seo],
  ['misc', m.misc],
  ['checkout', m.checkout],
] as const;

/** `/manage/event/{eventId}/settings`: each section saves on its own. */
export function EventSettingsPage() {
  const intl = useIntl();
  const event = useOutletContext<EventDetail>();
  const queryClient = useQueryClient();
  const archived = event.status === 'ARCHIVED';
  const refresh = () => queryClient.invalidateQueries({ queryKey: eventQueries.all });

  const saveEvent = async (changes: UpdateEventPayload) => {
    const updated = await updateEvent(event.id, changes);
    queryClient.setQueryData(eventQueries.detail(event.id).queryKey, updated);
    await refresh();
  };
  const saveSettings = async (changes: Partial<EventSettings>) => {
    await updateEventSettings(event.id, changes);
    await refresh();
  };
  const cover = event.images.find((image) => image.type === 'EVENT_COVER') ?? null;

  return (
    <div className="settings-page">
      <PageTitle parts={[m.pageTitle, event.title]} />
      <nav className="settings-page__toc" aria-label={intl.formatMessage(m.sectionsLabel)}>
        {SECTIONS.map(([anchor, label]) => (
          <a key={anchor} href={`#${anchor}`}>
            {intl.formatMessage(label)}
          </a>
        ))}
      </nav>
      {archived ? (
        <Callout intent="warning" className="form-callout">
          {intl.formatMessage(m.archivedNotice)}
        </Callout>
      ) : null}
      <BasicSection event={event} disabled={archived} save={saveEvent} />
      <LocationSection event={event} disabled={archived} save={saveEvent} />
      <div className="settings-section bp6-card" id="cover">
        <h2 className="section-title">{intl.formatMessage(m.cover)}</h2>
        <ImageUploadField
          label={intl.formatMessage(m.cover)}
          help={intl.formatMessage(m.coverHelp)}
          image={cover}
          upload={(file) => uploadEventCover(event.id, file)}
          remove={(imageId) => deleteEventImage(event.id, imageId)}
          onChanged={refresh}
        />
      </div>
      <SettingsSection
        anchor="email"
        title={intl.formatMessage(m.email)}
        disabled={archived}
        initial={{
          support_email: event.settings.support_email ?? '',
          reply_to_email: event.settings.reply_to_email ?? '',
          email_footer_message: event.settings.email_footer_message ?? '',
        }}
        save={(changes) =>
          saveSettings(
            apiChanges(changes, {
              support_email: 'text',
              reply_to_email: 'text',
              email_footer_message: 'html',
            }),
          )
        }
      >
        {(form) => {
          const support = form.field('support_email', intl.formatMessage(m.supportEmail));
          const replyTo = form.field('reply_to_email', intl.formatMessage(m.replyToEmail));
          const footer = form.field('email_footer_message', intl.formatMessage(m.emailFooter));
          return (
            <>
              <div className="form-row">
                <Field props={support}>
                  <InputGroup
                    {...support.input}
                    type="email"
                    value={form.values.support_email}
                    onChange={(e) => form.set('support_email', e.target.value)}
                  />
                </Field>
                <Field props={replyTo}>
                  <InputGroup
                    {...replyTo.input}
                    type="email"
                    value={form.values.reply_to_email}
                    onChange={(e) => form.set('reply_to_email', e.target.value)}
                  />
                </Field>
              </div>
              <RichTextField
                props={footer}
                value={form.values.email_footer_message}
                onChange={(html) => form.set('email_footer_message', html)}
              />
            </>
          );
        }}
      </SettingsSection>
      <SettingsSection
        anchor="seo"
        title={intl.formatMessage(m.seo)}
        disabled={archived}
        initial={{
          seo_title: event.settings.seo_title ?? '',
          seo_description: event.settings.seo_description ?? '',
          seo_keywords: event.settings.seo_keywords ?? '',
          allow_search_engine_indexing: event.settings.allow_search_engine_indexing,
        }}
        save={(changes) =>
          saveSettings(
            apiChanges(changes, { seo_title: 'text', seo_description: 'text', seo_keywords: 'text' }),
          )
        }
      >
        {(form) => {
          const title = form.field('seo_title', intl.formatMessage(m.seoTitle));
          const description = form.field('seo_description', intl.formatMessage(m.seoDescription));
          const keywords = form.field('seo_keywords', intl.formatMessage(m.seoKeywords), {
            help: intl.formatMessage(m.seoKeywordsHelp),
          });
          return (
            <>
              <p className="settings-section__help">{intl.formatMessage(m.seoHelp)}</p>
              <Field props={title}>
                <InputGroup
                  {...title.input}
                  value={form.values.seo_title}
                  maxLength={150}
                  onChange={(e) => form.set('seo_title', e.target.value)}
                />
              </Field>
              <Field props={description}>
                <TextArea
                  {...description.input}
                  fill
                  rows={3}
                  maxLength={500}
                  value={form.values.seo_description}
                  onChange={(e) => form.set('seo_description', e.target.value)}
                />
              </Field>
              <Field props={keywords}>
                <InputGroup
                  {...keywords.input}
                  value={form.values.seo_keywords}
                  maxLength={500}
                  onChange={(e) => form.set('seo_keywords', e.target.value)}
                />
              </Field>
              <Switch
                label={intl.formatMessage(m.allowIndexing)}
                checked={form.values.allow_search_engine_indexing}
                onChange={(e) => form.set('allow_search_engine_indexing', e.currentTarget.checked)}
              />
            </>
          );
        }}
      </SettingsSection>
      <SettingsSection
        anchor="misc"
        title={intl.formatMessage(m.misc)}
        disabled={archived}
        initial={{
          order_timeout_minutes: event.settings.order_timeout_minutes,
          price_display_mode: event.settings.price_display_mode,
          show_available_quantity: event.settings.show_available_quantity,
          hide_homepage_from_sidebar: event.settings.hide_homepage_from_sidebar,
        }}
        save={(changes) => saveSettings(changes)}
      >
        {(form) => {
          return (
            <>
              <OrderTimeoutField form={form} />
              <PriceDisplayField form={form} />
              <Switch
                label={intl.formatMessage(m.showAvailableQuantity)}
                checked={form.values.show_available_quantity}
                onChange={(e) => form.set('show_available_quantity', e.currentTarget.checked)}
              />
              <Switch
                label={intl.formatMessage(m.hideHomepageFromSidebar)}
                checked={form.values.hide_homepage_from_sidebar}
                onChange={(e) => form.set('hide_homepage_from_sidebar', e.currentTarget.checked)}
              />
            </>
          );
        }}
      </SettingsSection>
      <SettingsSection
        anchor="checkout"
        title={intl.formatMessage(m.checkout)}
        disabled={archived}
        initial={{
          pre_checkout_message: event.settings.pre_checkout_message ?? '',
          post_checkout_message: event.settings.post_checkout_message ?? '',
          continue_button_text: event.settings.continue_button_text ?? '',
        }}
        save={(changes) =>
          saveSettings(
            apiChanges(changes, {
              pre_checkout_message: 'html',
              post_checkout_message: 'html',
              continue_button_text: 'text',
            }),
          )
        }
      >
        {(form) => {
          const pre = form.field('pre_checkout_message', intl.formatMessage(m.preCheckoutMessage));
          const post = form.field('post_checkout_message', intl.formatMessage(m.postCheckoutMessage));
          const button = form.field('continue_button_text', intl.formatMessage(m.continueButtonText));
          return (
            <>
              <RichTextField
                props={pre}
                value={form.values.pre_checkout_message}
                onChange={(html) => form.set('pre_checkout_message', html)}
              />
              <RichTextField
                props={post}
                value={form.values.post_checkout_message}
                onChange={(html) => form.set('post_checkout_message', html)}
              />
              <Field props={button}>
                <InputGroup
                  {...button.input}
                  maxLength={50}
                  value={form.values.continue_button_text}
                  onChange={(e) => form.set('continue_button_text', e.target.value)}
                />
              </Field>
            </>
          );
        }}
      </SettingsSection>
    </div>
  );
}

function BasicSection({
  event,
  disabled,
  save,
}: {
  event: EventDetail;
  disabled: boolean;
  save: (changes: UpdateEventPayload) => Promise<unknown>;
}) {
  const intl = useIntl();
  const organizers = useQuery(organizerQueries.list());
  const zones = useMemo(() => listTimeZones([event.timezone]), [event.timezone]);
  const currencies = useCurrencyOptions(event.currency);
  const initial = {
    organizer_id: event.organizer_id ?? '',
    title: event.title,
    description: event.description ?? '',
    start: utcToDateTimeLocal(event.start_date, event.timezone),
    end: event.end_date ? utcToDateTimeLocal(event.end_date, event.timezone) : '',
    timezone: event.timezone,
    currency: event.currency,
  };
  return (
    <SettingsSection
      anchor="basic"
      title={intl.formatMessage(m.basic)}
      disabled={disabled}
      initial={initial}
      toApi={(field) => ({ start: 'start_date', end: 'end_date' })[field] ?? field}
      save={(changes) => {
        // Dates are wall-clock times in the event's zone: a new zone or time re-sends both instants.
        const zone = changes.timezone ?? initial.timezone;
        const start = changes.start ?? initial.start;
        const end = changes.end ?? initial.end;
        const timing =
          changes.start !== undefined || changes.end !== undefined || changes.timezone !== undefined;
        return save({
          ...(changes.organizer_id !== undefined ? { organizer_id: changes.organizer_id } : {}),
          ...(changes.title !== undefined ? { title: changes.title.trim() } : {}),
          ...(changes.description !== undefined ? { description: htmlOrNull(changes.description) } : {}),
          ...(changes.currency !== undefined ? { currency: changes.currency } : {}),
          ...(timing
            ? {
                timezone: zone,
                start_date: dateTimeLocalToUtcIso(start, zone) ?? start,
                end_date: end ? (dateTimeLocalToUtcIso(end, zone) ?? end) : null,
              }
            : {}),
        });
      }}
    >
      {(form) => {
        const organizer = form.field('organizer_id', intl.formatMessage(m.organizer), { required: true });
        const title = form.field('title', intl.formatMessage(m.title), { required: true });
        const description = form.field('description', intl.formatMessage(m.description));
        const help = intl.formatMessage(m.dateHelp, { timeZone: form.values.timezone });
        const start = form.field('start', intl.formatMessage(m.start), { required: true, help });
        const end = form.field('end', intl.formatMessage(m.end), { help });
        const timezone = form.field('timezone', intl.formatMessage(m.timeZone));
        const currency = form.field('currency', intl.formatMessage(m.currency));
        return (
          <>
            <Field props={organizer}>
              <HTMLSelect
                {...organizer.input}
                fill
                value={form.values.organizer_id}
                onChange={(e) => form.set('organizer_id', e.target.value)}
              >
                {form.values.organizer_id === '' ? <option value="">—</option> : null}
                {(organizers.data?.data ?? []).map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </HTMLSelect>
            </Field>
            <Field props={title}>
              <InputGroup
                {...title.input}
                value={form.values.title}
                maxLength={200}
                onChange={(e) => form.set('title', e.target.value)}
              />
            </Field>
            <RichTextField
              props={description}
              value={form.values.description}
              onChange={(html) => form.set('description', html)}
              minHeight={160}
            />
            <div className="form-row">
              <Field props={start}>
                <InputGroup
                  {...start.input}
                  type="datetime-local"
                  value={form.values.start}
                  onChange={(e) => form.set('start', e.target.value)}
                />
              </Field>
              <Field props={end}>
                <InputGroup
                  {...end.input}
                  type="datetime-local"
                  value={form.values.end}
                  min={form.values.start || undefined}
                  onChange={(e) => form.set('end', e.target.value)}
                />
              </Field>
            </div>
            <div className="form-row">
              <Field props={timezone}>
                <HTMLSelect
                  {...timezone.input}
                  fill
                  value={form.values.timezone}
                  onChange={(e) => form.set('timezone', e.target.value)}
                >
                  {zones.map((zone) => (
                    <option key={zone} value={zone}>
                      {zone.replace(/_/g, ' ')}
                    </option>
                  ))}
                </HTMLSelect>
              </Field>
              <Field props={currency}>
                <HTMLSelect
                  {...currency.input}
                  fill
                  options={currencies}
                  value={form.values.currency}
                  onChange={(e) => form.set('currency', e.target.value)}
                />
              </Field>
            </div>
          </>
        );
      }}
    </SettingsSection>
  );
}

function LocationSection({
  event,
  disabled,
  save,
}: {
  event: EventDetail;
  disabled: boolean;
  save: (changes: UpdateEventPayload) => Promise<unknown>;
}) {
  const intl = useIntl();
  const location = event.location;
  const initial = {
    is_online: event.is_online,
    online_connection_details: event.online_connection_details ?? '',
    venue_name: location?.venue_name ?? '',
    address_line_1: location?.address_line_1 ?? '',
    address_line_2: location?.address_line_2 ?? '',
    city: location?.city ?? '',
    state_or_region: location?.state_or_region ?? '',
    zip_or_postal_code: location?.zip_or_postal_code ?? '',
    country: location?.country ?? '',
    map_url: event.map_url ?? '',
  };
  const addressFields = [
    'venue_name',
    'address_line_1',
    'address_line_2',
    'city',
    'state_or_region',
    'zip_or_postal_code',
    'country',
  ] as const;
  return (
    <SettingsSection
      anchor="location"
      title={intl.formatMessage(m.location)}
      disabled={disabled}
      initial={initial}
      toApi={(field) => ((addressFields as readonly string[]).includes(field) ? `location.${field}` : field)}
      save={(changes) => {
        const next = { ...initial, ...changes };
        const addressChanged = addressFields.some((field) => changes[field] !== undefined);
        const address = Object.fromEntries(addressFields.map((field) => [field, textOrNull(next[field])]));
        return save({
          ...(changes.is_online !== undefined ? { is_online: changes.is_online } : {}),
          ...(changes.online_connection_details !== undefined
            ? { online_connection_details: htmlOrNull(changes.online_connection_details) }
            : {}),
          ...(changes.map_url !== undefined ? { map_url: textOrNull(changes.map_url) } : {}),
          ...(addressChanged
            ? {
                location: Object.values(address).some((value) => value !== null)
                  ? (address as NonNullable<UpdateEventPayload['location']>)
                  : null,
              }
            : {}),
        });
      }}
    >
      {(form) => {
        const connection = form.field('online_connection_details', intl.formatMessage(m.connectionDetails), {
          help: intl.formatMessage(m.connectionDetailsHelp),
        });
        const text = (name: (typeof addressFields)[number] | 'map_url', label: string, help?: string) => {
          const props = form.field(name, label, help ? { help } : {});
          return (
            <Field props={props}>
              <InputGroup
                {...props.input}
                value={form.values[name]}
                onChange={(e) => form.set(name, e.target.value)}
              />
            </Field>
          );
        };
        return (
          <>
            <Switch
              label={intl.formatMessage(m.isOnline)}
              checked={form.values.is_online}
              onChange={(e) => form.set('is_online', e.currentTarget.checked)}
            />
            {form.values.is_online ? (
              <RichTextField
                props={connection}
                value={form.values.online_connection_details}
                onChange={(html) => form.set('online_connection_details', html)}
              />
            ) : null}
            {text('venue_name', intl.formatMessage(m.venueName))}
            <div className="form-row">
              {text('address_line_1', intl.formatMessage(m.addressLine1))}
              {text('address_line_2', intl.formatMessage(m.addressLine2))}
            </div>
            <div className="form-row">
              {text('city', intl.formatMessage(m.city))}
              {text('state_or_region', intl.formatMessage(m.stateOrRegion))}
            </div>
            <div className="form-row">
              {text('zip_or_postal_code', intl.formatMessage(m.zip))}
              {text('country', intl.formatMessage(m.country))}
            </div>
            {text('map_url', intl.formatMessage(m.mapUrl), intl.formatMessage(m.mapUrlHelp))}
          </>
        );
      }}
    </SettingsSection>
  );
}

export default EventSettingsPage;

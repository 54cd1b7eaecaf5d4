import { Callout, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
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
import { useCurrencyOptions } from '../../shared/intl/useCurrencyOptions';
import { organizerQueries } from '../organizers/queries';
import { RichTextField } from './fields';
import { apiChanges, htmlOrNull, textOrNull } from '../../shared/forms/values';
import { ImageUploadField } from '../../shared/ui/ImageUploadField';
import { eventSettingsMessages as m } from './messages';
import { Field, SettingsSection } from './SettingsSection';
import { SETTINGS_SECTIONS, SettingsFields, settingsInitial, settingsKinds } from './settingsFields';
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
  ['payment', m.payment],
  ['waiting-room', m.waitingRoom],
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
      {SETTINGS_SECTIONS.map(({ anchor, title, fields }) => (
        <SettingsSection
          key={anchor}
          anchor={anchor}
          title={intl.formatMessage(title)}
          disabled={archived}
          initial={settingsInitial(fields, event.settings as unknown as Record<string, unknown>)}
          save={(changes) => saveSettings(apiChanges(changes, settingsKinds(fields)))}
        >
          {(form) => <SettingsFields form={form} fields={fields} />}
        </SettingsSection>
      ))}
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
                location: Object.values(address).some((value) => value !== null) ? address : null,
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

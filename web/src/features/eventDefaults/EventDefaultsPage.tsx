import { Callout, HTMLSelect, Spinner } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { listTimeZones } from '../../shared/time/zonedTime';
import type { EventDefaults } from '../events/types';
import { useCurrencyOptions } from '../../shared/intl/useCurrencyOptions';
import { apiChanges } from '../../shared/forms/values';
import { Field, SettingsSection } from '../eventSettings/SettingsSection';
import {
  SettingsFields,
  settingFields,
  settingsInitial,
  settingsKinds,
  type SettingField,
} from '../eventSettings/settingsFields';
import { eventDefaultsQueries, updateEventDefaults } from './api';
import { eventDefaultsMessages as m } from './messages';
import '../../shared/ui/manage.css';
import { PageTitle } from '../../shared/ui/PageTitle';

/** `/account/event-defaults`: what new events of this account start with. */
export function EventDefaultsPage() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const defaults = useQuery(eventDefaultsQueries.get());
  const zones = useMemo(() => listTimeZones([defaults.data?.timezone]), [defaults.data?.timezone]);
  const currencies = useCurrencyOptions(defaults.data?.currency);

  const noneLabel = (accountValue: string | undefined) =>
    accountValue ? intl.formatMessage(m.accountValue, { value: accountValue }) : intl.formatMessage(m.none);

  // The shared setting fields, with the zone and currency choices only defaults have ("use the account's").
  const fields: SettingField[] = [
    {
      kind: 'row',
      fields: [
        {
          kind: 'custom',
          name: 'timezone',
          initial: (source) => (typeof source.timezone === 'string' ? source.timezone : ''),
          render: (form) => {
            const timezone = form.field('timezone', intl.formatMessage(m.timeZone));
            return (
              <Field props={timezone}>
                <HTMLSelect
                  {...timezone.input}
                  fill
                  value={String(form.values.timezone)}
                  onChange={(e) => form.set('timezone', e.target.value)}
                >
                  <option value="">{noneLabel(defaults.data?.account?.timezone)}</option>
                  {zones.map((zone) => (
                    <option key={zone} value={zone}>
                      {zone.replace(/_/g, ' ')}
                    </option>
                  ))}
                </HTMLSelect>
              </Field>
            );
          },
        },
        {
          kind: 'custom',
          name: 'currency',
          initial: (source) => (typeof source.currency === 'string' ? source.currency : ''),
          render: (form) => {
            const currency = form.field('currency', intl.formatMessage(m.currency));
            return (
              <Field props={currency}>
                <HTMLSelect
                  {...currency.input}
                  fill
                  value={String(form.values.currency)}
                  options={[{ value: '', label: noneLabel(defaults.data?.account?.currency) }, ...currencies]}
                  onChange={(e) => form.set('currency', e.target.value)}
                />
              </Field>
            );
          },
        },
      ],
    },
    settingFields.orderTimeout,
    settingFields.priceDisplay,
    settingFields.allowIndexing,
    settingFields.showAvailableQuantity,
    settingFields.invoices,
    { kind: 'row', fields: [settingFields.supportEmail, settingFields.continueButtonText] },
  ];

  const save = async (changes: Partial<EventDefaults>) => {
    const saved = await updateEventDefaults(changes);
    queryClient.setQueryData(eventDefaultsQueries.get().queryKey, saved);
  };

  return (
    <div className="account-page">
      <PageTitle parts={[m.pageTitle]} />
      <div className="page-header">
        <h1 className="page-header__title">{intl.formatMessage(m.heading)}</h1>
      </div>
      <p className="settings-section__help">{intl.formatMessage(m.intro)}</p>
      {defaults.isPending ? <Spinner size={24} /> : null}
      {defaults.isError ? (
        <Callout intent="danger" role="alert">
          {intl.formatMessage(m.loadError)}
        </Callout>
      ) : null}
      {defaults.data ? (
        <SettingsSection
          anchor="defaults"
          title={intl.formatMessage(m.section)}
          initial={settingsInitial(fields, defaults.data)}
          save={(changes) => save(apiChanges(changes, settingsKinds(fields)))}
        >
          {(form) => <SettingsFields form={form} fields={fields} />}
        </SettingsSection>
      ) : null}
    </div>
  );
}

export default EventDefaultsPage;

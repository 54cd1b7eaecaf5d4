import { Callout, HTMLSelect, InputGroup, Spinner, Switch } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { listTimeZones } from '../../shared/time/zonedTime';
import type { EventDefaults } from '../events/types';
import { useCurrencyOptions } from '../events/useCurrencyOptions';
import { OrderTimeoutField, PriceDisplayField } from '../eventSettings/fields';
import { apiChanges } from '../../shared/forms/values';
import { eventSettingsMessages as s } from '../eventSettings/messages';
import { Field, SettingsSection } from '../eventSettings/SettingsSection';
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
          initial={{
            timezone: defaults.data.timezone ?? '',
            currency: defaults.data.currency ?? '',
            order_timeout_minutes: defaults.data.order_timeout_minutes,
            price_display_mode: defaults.data.price_display_mode,
            allow_search_engine_indexing: defaults.data.allow_search_engine_indexing,
            show_available_quantity: defaults.data.show_available_quantity,
            support_email: defaults.data.support_email ?? '',
            continue_button_text: defaults.data.continue_button_text ?? '',
          }}
          save={(changes) =>
            save(
              apiChanges(changes, {
                timezone: 'text',
                currency: 'text',
                support_email: 'text',
                continue_button_text: 'text',
              }),
            )
          }
        >
          {(form) => {
            const timezone = form.field('timezone', intl.formatMessage(m.timeZone));
            const currency = form.field('currency', intl.formatMessage(m.currency));
            const support = form.field('support_email', intl.formatMessage(s.supportEmail));
            const button = form.field('continue_button_text', intl.formatMessage(s.continueButtonText));
            return (
              <>
                <div className="form-row">
                  <Field props={timezone}>
                    <HTMLSelect
                      {...timezone.input}
                      fill
                      value={form.values.timezone}
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
                  <Field props={currency}>
                    <HTMLSelect
                      {...currency.input}
                      fill
                      value={form.values.currency}
                      options={[
                        { value: '', label: noneLabel(defaults.data?.account?.currency) },
                        ...currencies,
                      ]}
                      onChange={(e) => form.set('currency', e.target.value)}
                    />
                  </Field>
                </div>
                <OrderTimeoutField form={form} />
                <PriceDisplayField form={form} />
                <Switch
                  label={intl.formatMessage(s.allowIndexing)}
                  checked={form.values.allow_search_engine_indexing}
                  onChange={(e) => form.set('allow_search_engine_indexing', e.currentTarget.checked)}
                />
                <Switch
                  label={intl.formatMessage(s.showAvailableQuantity)}
                  checked={form.values.show_available_quantity}
                  onChange={(e) => form.set('show_available_quantity', e.currentTarget.checked)}
                />
                <div className="form-row">
                  <Field props={support}>
                    <InputGroup
                      {...support.input}
                      type="email"
                      value={form.values.support_email}
                      onChange={(e) => form.set('support_email', e.target.value)}
                    />
                  </Field>
                  <Field props={button}>
                    <InputGroup
                      {...button.input}
                      maxLength={50}
                      value={form.values.continue_button_text}
                      onChange={(e) => form.set('continue_button_text', e.target.value)}
                    />
                  </Field>
                </div>
              </>
            );
          }}
        </SettingsSection>
      ) : null}
    </div>
  );
}

export default EventDefaultsPage;

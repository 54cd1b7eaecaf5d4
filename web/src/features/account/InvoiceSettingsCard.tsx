import { Button, Card, InputGroup, Spinner } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { FormFailure } from '../../shared/forms/FormFailure';
import { withoutEmpty } from '../auth/validation';
import { FieldGroup, useForm } from '../../shared/forms/useForm';
import { invoiceSettingsQuery, updateInvoiceSettings, type InvoiceSettings } from './api';
import { invoiceSettingsMessages as m } from './messages';

type Field = 'prefix' | 'seller_company' | 'seller_address' | 'seller_country' | 'seller_vat_id';
const FIELDS: readonly Field[] = [
  'prefix',
  'seller_company',
  'seller_address',
  'seller_country',
  'seller_vat_id',
];

/** The account's invoice number prefix and seller details, on the account settings page (admins). */
export function InvoiceSettingsCard() {
  const settings = useQuery(invoiceSettingsQuery());
  if (!settings.data) return <Spinner size={20} />;
  return <InvoiceSettingsForm settings={settings.data} />;
}

function InvoiceSettingsForm({ settings }: { settings: InvoiceSettings }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: updateInvoiceSettings,
    onSuccess: (saved) => queryClient.setQueryData(invoiceSettingsQuery().queryKey, saved),
  });
  const { values, set, onSubmit, field, failure } = useForm({
    fields: FIELDS,
    initial: {
      prefix: settings.prefix,
      seller_company: settings.seller_company ?? '',
      seller_address: settings.seller_address ?? '',
      seller_country: settings.seller_country ?? '',
      seller_vat_id: settings.seller_vat_id ?? '',
    },
    validate: ({ prefix, seller_country }) =>
      withoutEmpty({
        prefix: /^[A-Za-z0-9/_-]{0,20}$/.test(prefix.trim()) ? undefined : m.prefixInvalid,
        seller_country:
          seller_country.trim() === '' || /^[A-Za-z]{2}$/.test(seller_country.trim())
            ? undefined
            : m.countryInvalid,
      }),
    onValid: (input) =>
      mutation.mutate({
        prefix: input.prefix.trim(),
        seller_company: input.seller_company.trim() || null,
        seller_address: input.seller_address.trim() || null,
        seller_country: input.seller_country.trim() || null,
        seller_vat_id: input.seller_vat_id.trim() || null,
      }),
    serverError: mutation.error,
    serverMessages: {
      prefix: m.prefixInvalid,
      seller_company: m.tooLong,
      seller_address: m.tooLong,
      seller_country: m.countryInvalid,
      seller_vat_id: m.vatIdInvalid,
    },
  });
  const text = (name: Field, label: string) => {
    const view = field(name);
    return (
      <FieldGroup view={view} label={label}>
        <InputGroup {...view.inputProps} value={values[name]} onChange={set(name)} />
      </FieldGroup>
    );
  };
  return (
    <Card className="settings-card">
      <section aria-labelledby="invoice-settings-heading">
        <h2 id="invoice-settings-heading">{intl.formatMessage(m.heading)}</h2>
        <p className="page-intro">{intl.formatMessage(m.intro)}</p>
        <form onSubmit={onSubmit} noValidate>
          <FormFailure {...failure} title={m.failed} />
          {text('prefix', intl.formatMessage(m.prefix))}
          <p className="page-intro">{intl.formatMessage(m.prefixHelp, { next: settings.next_number })}</p>
          {text('seller_company', intl.formatMessage(m.company))}
          {text('seller_address', intl.formatMessage(m.address))}
          <div className="form-row">
            {text('seller_country', intl.formatMessage(m.country))}
            {text('seller_vat_id', intl.formatMessage(m.vatId))}
          </div>
          {mutation.isSuccess ? (
            <p role="status" className="page-intro">
              {intl.formatMessage(m.saved)}
            </p>
          ) : null}
          <Button
            type="submit"
            intent="primary"
            loading={mutation.isPending}
            text={intl.formatMessage(m.save)}
          />
        </form>
      </section>
    </Card>
  );
}

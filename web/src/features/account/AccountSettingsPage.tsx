import { Button, Card, HTMLSelect, InputGroup, Spinner } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { ErrorPage } from '../../shared/errors/ErrorPage';
import { isApiError } from '../../shared/api/ApiError';
import { useToaster } from '../../shared/ui/toaster';
import { FormFailure } from '../../shared/forms/FormFailure';
import { FieldGroup, useForm } from '../../shared/forms/useForm';
import { withoutEmpty } from '../auth/validation';
import { TimeZoneSelect } from '../auth/fields';
import { CURRENCIES } from '../../shared/intl/currencies';
import { hasPermission, userQueries } from '../users/queries';
import { accountQueries, updateAccount, type Account } from './api';
import { accountSettingsMessages as m } from './messages';
import '../../shared/ui/account.css';
import { PageTitle } from '../../shared/ui/PageTitle';
import { InvoiceSettingsCard } from './InvoiceSettingsCard';

type Field = 'name' | 'currency' | 'timezone';
const FIELDS: readonly Field[] = ['name', 'currency', 'timezone'];
const NAME_MAX = 149;

/** `/account/settings`: name, default currency and time zone (admins; organizers see the no-permission page). */
export function AccountSettingsPage() {
  const intl = useIntl();
  const me = useQuery(userQueries.me());
  const allowed = hasPermission(me.data, 'account.manage');
  const account = useQuery({ ...accountQueries.detail(), enabled: allowed });
  if (me.isError) return <ErrorPage status={isApiError(me.error) ? me.error.status : 500} />;
  if (me.isSuccess && !allowed) return <ErrorPage status={403} />;
  if (account.isError) return <ErrorPage status={isApiError(account.error) ? account.error.status : 500} />;
  if (!account.data) {
    return (
      <div className="page-loading" aria-busy="true">
        <Spinner size={20} /> {intl.formatMessage(m.loading)}
      </div>
    );
  }
  return <SettingsForm account={account.data} />;
}

function SettingsForm({ account }: { account: Account }) {
  const intl = useIntl();
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const currencies = useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([intl.locale], { type: 'currency' });
    } catch {
      names = null;
    }
    const offered: readonly string[] = CURRENCIES;
    const codes = offered.includes(account.currency) ? offered : [account.currency, ...offered];
    return codes.map((code) => ({
      value: code,
      label: intl.formatMessage(m.currencyOption, { code, name: names?.of(code) ?? code }),
    }));
  }, [intl, account.currency]);
  const mutation = useMutation({
    mutationFn: updateAccount,
    onSuccess: async (saved) => {
      queryClient.setQueryData(accountQueries.detail().queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: userQueries.me().queryKey });
      toaster.success(m.saved);
    },
  });
  const { values, set, onSubmit, field, failure } = useForm({
    fields: FIELDS,
    initial: { name: account.name, currency: account.currency, timezone: account.timezone },
    validate: ({ name }) =>
      withoutEmpty({
        name: !name.trim() ? m.nameRequired : name.trim().length > NAME_MAX ? m.nameTooLong : undefined,
      }),
    onValid: (input) => mutation.mutate({ ...input, name: input.name.trim() }),
    serverError: mutation.error,
  });
  const nameField = field('name');
  const currency = field('currency');
  return (
    <div className="account-settings-page">
      <PageTitle parts={[m.pageTitle]} />
      <div className="page-header">
        <h1 className="page-header__title">{intl.formatMessage(m.heading)}</h1>
      </div>
      <p className="page-intro">{intl.formatMessage(m.intro)}</p>
      <Card className="settings-card">
        <form onSubmit={onSubmit} noValidate>
          <FormFailure {...failure} title={m.failed} />
          <FieldGroup view={nameField} label={intl.formatMessage(m.name)}>
            <InputGroup {...nameField.inputProps} value={values.name} onChange={set('name')} aria-required />
          </FieldGroup>
          <div className="form-row">
            <FieldGroup view={currency} label={intl.formatMessage(m.currency)}>
              <HTMLSelect
                {...currency.controlProps}
                fill
                value={values.currency}
                onChange={set('currency')}
                options={currencies}
              />
            </FieldGroup>
            <TimeZoneSelect
              view={field('timezone')}
              value={values.timezone}
              onChange={set('timezone')}
              label={intl.formatMessage(m.timezone)}
            />
          </div>
          <Button
            type="submit"
            intent="primary"
            loading={mutation.isPending}
            text={intl.formatMessage(m.save)}
          />
        </form>
      </Card>
      <InvoiceSettingsCard />
    </div>
  );
}

export default AccountSettingsPage;

import { Button, Callout, Card, Spinner, Tag, type Intent } from '@blueprintjs/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import { reasonMessage } from '../../shared/api/reasonMessages';
import { ErrorPage } from '../../shared/errors/ErrorPage';
import { PageTitle } from '../../shared/ui/PageTitle';
import { hasPermission, userQueries } from '../users/queries';
import { connectPayment, type PaymentConnection } from './api';
import { paymentQueries } from './queries';
import { paymentMessages as m } from './messages';
import '../../shared/ui/account.css';
import './payment.css';

const statusTag: Record<PaymentConnection['status'], { label: MessageDescriptor; intent: Intent }> = {
  NOT_CONNECTED: { label: m.statusNotConnected, intent: 'none' },
  SETUP_INCOMPLETE: { label: m.statusSetupIncomplete, intent: 'warning' },
  CONNECTED: { label: m.statusConnected, intent: 'success' },
};

/** `/account/payment` (admins): whether the account can take card payments, and the way to connect Stripe. */
export function PaymentPage() {
  const intl = useIntl();
  const me = useQuery(userQueries.me());
  const allowed = hasPermission(me.data, 'account.manage');
  const connection = useQuery({ ...paymentQueries.connection(), enabled: allowed });
  if (me.isError) return <ErrorPage status={isApiError(me.error) ? me.error.status : 500} />;
  if (me.isSuccess && !allowed) return <ErrorPage status={403} />;
  if (connection.isError)
    return <ErrorPage status={isApiError(connection.error) ? connection.error.status : 500} />;
  return (
    <div className="payment-page">
      <PageTitle parts={[m.pageTitle]} />
      <div className="page-header">
        <h1 className="page-header__title">{intl.formatMessage(m.heading)}</h1>
      </div>
      <p className="page-intro">{intl.formatMessage(m.intro)}</p>
      {connection.data ? (
        <ConnectionCard connection={connection.data} />
      ) : (
        <div className="page-loading" aria-busy="true">
          <Spinner size={20} /> {intl.formatMessage(m.loading)}
        </div>
      )}
    </div>
  );
}

function ConnectionCard({ connection }: { connection: PaymentConnection }) {
  const intl = useIntl();
  const [search] = useSearchParams();
  const returned = search.get('onboarding') === 'returned';
  const connect = useMutation({
    mutationFn: connectPayment,
    onSuccess: (link) => window.location.assign(link.url),
  });
  const tag = statusTag[connection.card_payments ? connection.status : 'NOT_CONNECTED'];
  const connectButton = (label: MessageDescriptor, intent: Intent = 'primary') => (
    <Button
      intent={intent}
      icon="link"
      loading={connect.isPending || connect.isSuccess}
      onClick={() => connect.mutate()}
    >
      {intl.formatMessage(label)}
    </Button>
  );

  return (
    <Card className="payment-card">
      <p className="payment-card__status">
        <span>{intl.formatMessage(m.statusLabel)}</span>
        <Tag intent={tag.intent} large round>
          {intl.formatMessage(tag.label)}
        </Tag>
      </p>
      {!connection.card_payments ? (
        <Callout intent="none" icon="info-sign" title={intl.formatMessage(m.offTitle)}>
          <p>{intl.formatMessage(m.offText)}</p>
        </Callout>
      ) : connection.mode === 'direct' ? (
        <Callout intent="success" icon="tick-circle">
          <p>{intl.formatMessage(m.directText)}</p>
        </Callout>
      ) : connection.status === 'NOT_CONNECTED' ? (
        <>
          <p>{intl.formatMessage(m.notConnectedText)}</p>
          {connectButton(m.connect)}
        </>
      ) : connection.status === 'SETUP_INCOMPLETE' ? (
        <Callout intent="warning" icon="warning-sign" title={intl.formatMessage(m.incompleteTitle)}>
          <p>{intl.formatMessage(returned ? m.confirming : m.incompleteText)}</p>
          {connectButton(m.continueSetup, 'warning')}
        </Callout>
      ) : (
        <Callout intent="success" icon="tick-circle" title={intl.formatMessage(m.connectedTitle)}>
          <p>{intl.formatMessage(m.connectedText)}</p>
          {connection.stripe_account_id ? (
            <p className="payment-card__account">
              {intl.formatMessage(m.stripeAccount, { id: connection.stripe_account_id })}
            </p>
          ) : null}
          {connectButton(m.updateDetails, 'none')}
        </Callout>
      )}
      {connect.isError ? (
        <Callout intent="danger" role="alert" className="payment-card__failure">
          {intl.formatMessage(connectFailure(connect.error))}
        </Callout>
      ) : null}
      {connection.application_fee ? (
        <p className="payment-card__fee">
          {intl.formatMessage(m.fee, feeParts(intl, connection.application_fee))}{' '}
          <Link to="/account/billing">{intl.formatMessage(m.billingLink)}</Link>
        </p>
      ) : null}
    </Card>
  );
}

function connectFailure(error: unknown): MessageDescriptor {
  return (isApiError(error) ? reasonMessage(error.reason) : undefined) ?? m.connectFailed;
}

/** The fee rule's parts: a percentage and a fixed amount in major units of whatever currency the order has. */
export function feeParts(intl: IntlShape, fee: { fixed: number; percent: number }) {
  return {
    percent: intl.formatNumber(fee.percent / 100, { style: 'percent', maximumFractionDigits: 2 }),
    fixed: intl.formatNumber(fee.fixed / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  };
}

export default PaymentPage;

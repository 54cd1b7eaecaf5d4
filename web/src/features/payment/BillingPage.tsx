import { Callout, HTMLTable, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { isApiError } from '../../shared/api/ApiError';
import { ErrorPage } from '../../shared/errors/ErrorPage';
import { formatMoney } from '../../shared/intl/eventFormat';
import { PageTitle } from '../../shared/ui/PageTitle';
import { hasPermission, userQueries } from '../users/queries';
import type { Billing } from './api';
import { paymentQueries } from './queries';
import { billingMessages as m } from './messages';
import { feeParts } from './PaymentPage';
import '../../shared/ui/account.css';
import './payment.css';

/** `/account/billing` (admins): the platform's fees on the account's paid orders, per month and per order. */
export function BillingPage() {
  const intl = useIntl();
  const me = useQuery(userQueries.me());
  const allowed = hasPermission(me.data, 'billing.manage');
  const billing = useQuery({ ...paymentQueries.billing(), enabled: allowed });
  if (me.isError) return <ErrorPage status={isApiError(me.error) ? me.error.status : 500} />;
  if (me.isSuccess && !allowed) return <ErrorPage status={403} />;
  if (billing.isError) return <ErrorPage status={isApiError(billing.error) ? billing.error.status : 500} />;
  return (
    <div className="billing-page">
      <PageTitle parts={[m.pageTitle]} />
      <div className="page-header">
        <h1 className="page-header__title">{intl.formatMessage(m.heading)}</h1>
      </div>
      <p className="page-intro">{intl.formatMessage(m.intro)}</p>
      {billing.data ? (
        <BillingContent billing={billing.data} />
      ) : (
        <div className="page-loading" aria-busy="true">
          <Spinner size={20} /> {intl.formatMessage(m.loading)}
        </div>
      )}
    </div>
  );
}

function BillingContent({ billing }: { billing: Billing }) {
  const intl = useIntl();
  const monthName = (month: string) =>
    intl.formatDate(new Date(`${month}-01T00:00:00Z`), { year: 'numeric', month: 'long', timeZone: 'UTC' });
  return (
    <>
      <p>
        {billing.application_fee
          ? intl.formatMessage(m.feeRule, feeParts(intl, billing.application_fee))
          : intl.formatMessage(m.noFeeRule)}
      </p>
      {billing.fees.length === 0 ? (
        <Callout intent="none" icon="info-sign">
          {intl.formatMessage(m.empty)}
        </Callout>
      ) : (
        <>
          <section className="billing-section" aria-labelledby="billing-months">
            <h2 id="billing-months">{intl.formatMessage(m.monthsHeading)}</h2>
            <div className="table-scroll">
              <HTMLTable className="billing-table" striped>
                <thead>
                  <tr>
                    <th scope="col">{intl.formatMessage(m.month)}</th>
                    <th scope="col" className="billing-table__number">
                      {intl.formatMessage(m.orders)}
                    </th>
                    <th scope="col" className="billing-table__number">
                      {intl.formatMessage(m.orderTotal)}
                    </th>
                    <th scope="col" className="billing-table__number">
                      {intl.formatMessage(m.fees)}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {billing.months.map((month) => (
                    <tr key={`${month.month}-${month.currency}`}>
                      <td>{monthName(month.month)}</td>
                      <td className="billing-table__number">{intl.formatNumber(month.orders)}</td>
                      <td className="billing-table__number">
                        {formatMoney(intl, month.order_total, month.currency)}
                      </td>
                      <td className="billing-table__number">
                        {formatMoney(intl, month.fees, month.currency)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          </section>
          <section className="billing-section" aria-labelledby="billing-orders">
            <h2 id="billing-orders">{intl.formatMessage(m.ordersHeading)}</h2>
            <p className="text-muted">{intl.formatMessage(m.ordersNote)}</p>
            <div className="table-scroll">
              <HTMLTable className="billing-table" striped>
                <thead>
                  <tr>
                    <th scope="col">{intl.formatMessage(m.date)}</th>
                    <th scope="col">{intl.formatMessage(m.order)}</th>
                    <th scope="col" className="billing-table__number">
                      {intl.formatMessage(m.orderTotal)}
                    </th>
                    <th scope="col" className="billing-table__number">
                      {intl.formatMessage(m.fee)}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {billing.fees.map((fee) => (
                    <tr key={`${fee.order_id}-${fee.payment_intent_id}`}>
                      <td>{intl.formatDate(fee.charged_at, { dateStyle: 'medium' })}</td>
                      <td>
                        <code>{fee.order_short_id}</code>
                      </td>
                      <td className="billing-table__number">
                        {formatMoney(intl, fee.order_total, fee.currency)}
                      </td>
                      <td className="billing-table__number">{formatMoney(intl, fee.fee, fee.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          </section>
        </>
      )}
    </>
  );
}

export default BillingPage;

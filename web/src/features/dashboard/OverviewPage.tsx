import { Button, Callout, Card, HTMLTable, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { hasPermission, userQueries } from '../users/queries';
import { formatMoney } from '../../shared/intl/eventFormat';
import { uiMessages } from '../../shared/ui/messages';
import { PageTitle } from '../../shared/ui/PageTitle';
import { dashboardMessages as d, overviewMessages as m } from './messages';
import { statsQueries } from './queries';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import './dashboard.css';

function AccountTotals() {
  const intl = useIntl();
  const account = useQuery(statsQueries.account());
  return (
    <Card className="dashboard-card dashboard-card--wide">
      <h2 className="section-title">{intl.formatMessage(m.accountHeading)}</h2>
      <p className="settings-section__help">{intl.formatMessage(m.accountIntro)}</p>
      {account.isPending ? (
        <Spinner size={20} aria-label={intl.formatMessage(m.accountHeading)} />
      ) : account.isError ? (
        <Callout intent="danger" role="alert" title={intl.formatMessage(d.loadError)} />
      ) : account.data.currencies.length === 0 ? (
        <p className="dashboard-empty">{intl.formatMessage(m.accountEmpty)}</p>
      ) : (
        <ScrollTable label={intl.formatMessage(m.accountHeading)}>
          <HTMLTable
            className="dashboard-table"
            compact
            striped
            aria-label={intl.formatMessage(m.accountHeading)}
          >
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.columnCurrency)}</th>
                <th scope="col">{intl.formatMessage(m.columnEvents)}</th>
                <th scope="col">{intl.formatMessage(d.orders)}</th>
                <th scope="col">{intl.formatMessage(d.ticketsSold)}</th>
                <th scope="col">{intl.formatMessage(d.gross)}</th>
                <th scope="col">{intl.formatMessage(d.net)}</th>
                <th scope="col">{intl.formatMessage(d.taxes)}</th>
                <th scope="col">{intl.formatMessage(d.fees)}</th>
              </tr>
            </thead>
            <tbody>
              {account.data.currencies.map((row) => (
                <tr key={row.currency}>
                  <th scope="row">{row.currency}</th>
                  <td>{intl.formatNumber(row.events)}</td>
                  <td>{intl.formatNumber(row.orders)}</td>
                  <td>{intl.formatNumber(row.tickets_sold)}</td>
                  <td>{formatMoney(intl, row.gross, row.currency)}</td>
                  <td>{formatMoney(intl, row.net, row.currency)}</td>
                  <td>{formatMoney(intl, row.taxes, row.currency)}</td>
                  <td>{formatMoney(intl, row.fees, row.currency)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </ScrollTable>
      )}
    </Card>
  );
}

/** `/manage/dashboard`: the organizer's upcoming events with their sales; administrators also see the account. */
export function OverviewPage() {
  const intl = useIntl();
  const me = useQuery(userQueries.me());
  const overview = useQuery(statsQueries.overview());

  return (
    <div className="dashboard-page">
      <PageTitle parts={[m.pageTitle]} />
      <div className="page-header">
        <h1 className="page-header__title">{intl.formatMessage(m.heading)}</h1>
      </div>
      <div className="dashboard-grid">
        <Card className="dashboard-card dashboard-card--wide">
          <h2 className="section-title">{intl.formatMessage(m.upcomingHeading)}</h2>
          {overview.isPending ? (
            <Spinner size={20} aria-label={intl.formatMessage(m.upcomingHeading)} />
          ) : overview.isError ? (
            <Callout intent="danger" role="alert" title={intl.formatMessage(d.loadError)}>
              <Button
                icon="refresh"
                text={intl.formatMessage(uiMessages.retry)}
                onClick={() => void overview.refetch()}
              />
            </Callout>
          ) : overview.data.upcoming.length === 0 ? (
            <p className="dashboard-empty">{intl.formatMessage(m.upcomingEmpty)}</p>
          ) : (
            <ScrollTable label={intl.formatMessage(m.upcomingHeading)}>
              <HTMLTable
                className="dashboard-table"
                compact
                striped
                aria-label={intl.formatMessage(m.upcomingHeading)}
              >
                <thead>
                  <tr>
                    <th scope="col">{intl.formatMessage(m.columnEvent)}</th>
                    <th scope="col">{intl.formatMessage(m.columnStarts)}</th>
                    <th scope="col">{intl.formatMessage(d.ticketsSold)}</th>
                    <th scope="col">{intl.formatMessage(d.orders)}</th>
                    <th scope="col">{intl.formatMessage(d.gross)}</th>
                    <th scope="col">{intl.formatMessage(d.pageViews)}</th>
                  </tr>
                </thead>
                <tbody>
                  {overview.data.upcoming.map((event) => (
                    <tr key={event.event_id}>
                      <th scope="row">
                        <Link to={`/manage/event/${encodeURIComponent(event.event_id)}/dashboard`}>
                          {event.title}
                        </Link>
                      </th>
                      <td>
                        {intl.formatDate(event.start_date, {
                          timeZone: event.timezone,
                          dateStyle: 'medium',
                          timeStyle: 'short',
                        })}
                      </td>
                      <td>{intl.formatNumber(event.tickets_sold)}</td>
                      <td>{intl.formatNumber(event.orders)}</td>
                      <td>{formatMoney(intl, event.gross, event.currency)}</td>
                      <td>{intl.formatNumber(event.page_views)}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </ScrollTable>
          )}
        </Card>
        {hasPermission(me.data, 'account.manage') ? <AccountTotals /> : null}
      </div>
    </div>
  );
}

export default OverviewPage;

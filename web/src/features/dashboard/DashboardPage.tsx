import { Button, Callout, Card, HTMLSelect, HTMLTable, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useOutletContext } from 'react-router';
import type { EventDetail } from '../events/types';
import { formatMoney } from '../../shared/intl/eventFormat';
import { uiMessages } from '../../shared/ui/messages';
import { PageTitle } from '../../shared/ui/PageTitle';
import { statsRanges, type EventStats, type StatsRange } from './api';
import { CheckInsChart, RevenueChart, SalesChart } from './DashboardCharts';
import { HeadlineNumbers, LiveIndicator, headlineFigures } from './Headline';
import { dashboardMessages as m } from './messages';
import { useLiveStats } from './useLiveStats';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import './dashboard.css';

export const rangeMessages: Record<StatsRange, MessageDescriptor> = {
  '24h': m.range24h,
  '7d': m.range7d,
  '30d': m.range30d,
  '90d': m.range90d,
  all: m.rangeAll,
};

function TicketTable({ stats }: { stats: EventStats }) {
  const intl = useIntl();
  const money = (amount: number) => formatMoney(intl, amount, stats.currency);
  if (stats.tickets.length === 0)
    return <p className="dashboard-empty">{intl.formatMessage(m.ticketsEmpty)}</p>;
  return (
    <ScrollTable label={intl.formatMessage(m.byTicketHeading)}>
      <HTMLTable
        className="dashboard-table"
        compact
        striped
        aria-label={intl.formatMessage(m.byTicketHeading)}
      >
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.columnTicket)}</th>
            <th scope="col">{intl.formatMessage(m.ticketsSold)}</th>
            <th scope="col">{intl.formatMessage(m.orders)}</th>
            <th scope="col">{intl.formatMessage(m.gross)}</th>
            <th scope="col">{intl.formatMessage(m.checkIns)}</th>
          </tr>
        </thead>
        <tbody>
          {stats.tickets.map((ticket) => (
            <tr key={ticket.ticket_id}>
              <th scope="row">{ticket.title}</th>
              <td>{intl.formatNumber(ticket.tickets_sold)}</td>
              <td>{intl.formatNumber(ticket.orders)}</td>
              <td>{money(ticket.gross)}</td>
              <td>{intl.formatNumber(ticket.check_ins)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </ScrollTable>
  );
}

function PromoTable({ stats }: { stats: EventStats }) {
  const intl = useIntl();
  const money = (amount: number) => formatMoney(intl, amount, stats.currency);
  if (stats.promo_codes.length === 0)
    return <p className="dashboard-empty">{intl.formatMessage(m.promoEmpty)}</p>;
  return (
    <ScrollTable label={intl.formatMessage(m.promoHeading)}>
      <HTMLTable className="dashboard-table" compact striped aria-label={intl.formatMessage(m.promoHeading)}>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.columnCode)}</th>
            <th scope="col">{intl.formatMessage(m.orders)}</th>
            <th scope="col">{intl.formatMessage(m.ticketsSold)}</th>
            <th scope="col">{intl.formatMessage(m.discounts)}</th>
            <th scope="col">{intl.formatMessage(m.gross)}</th>
          </tr>
        </thead>
        <tbody>
          {stats.promo_codes.map((code) => (
            <tr key={code.code}>
              <th scope="row">{code.code}</th>
              <td>{intl.formatNumber(code.orders)}</td>
              <td>{intl.formatNumber(code.tickets_sold)}</td>
              <td>{money(code.discounts)}</td>
              <td>{money(code.gross)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </ScrollTable>
  );
}

/** `/manage/event/{eventId}/dashboard`: the event's numbers and charts, live. */
export function DashboardPage() {
  const intl = useIntl();
  const event = useOutletContext<EventDetail>();
  const [range, setRange] = useState<StatsRange>('7d');
  const { stats, status, updatedAt } = useLiveStats(event.id, range);
  const base = `/manage/event/${encodeURIComponent(event.id)}`;

  return (
    <div className="dashboard-page">
      <PageTitle parts={[m.pageTitle, event.title]} />
      <header className="dashboard-page__header">
        <h1 className="page-header__title">{intl.formatMessage(m.heading)}</h1>
        <LiveIndicator status={status} updatedAt={updatedAt} />
        <div className="dashboard-page__controls">
          <label className="dashboard-range">
            <span>{intl.formatMessage(m.rangeLabel)}</span>
            <HTMLSelect value={range} onChange={(e) => setRange(e.target.value as StatsRange)}>
              {statsRanges.map((option) => (
                <option key={option} value={option}>
                  {intl.formatMessage(rangeMessages[option])}
                </option>
              ))}
            </HTMLSelect>
          </label>
          <Link to={`${base}/reports`} className="bp6-button">
            {intl.formatMessage(m.openReports)}
          </Link>
        </div>
      </header>
      {stats.isPending ? (
        <div className="dashboard-loading" aria-live="polite">
          <Spinner size={24} aria-hidden />
          <span>{intl.formatMessage(m.loading)}</span>
        </div>
      ) : stats.isError ? (
        <Callout
          intent="danger"
          role="alert"
          title={intl.formatMessage(m.loadError)}
          className="form-callout"
        >
          <Button
            icon="refresh"
            text={intl.formatMessage(uiMessages.retry)}
            onClick={() => void stats.refetch()}
          />
        </Callout>
      ) : (
        <>
          <HeadlineNumbers figures={headlineFigures(intl, stats.data)} />
          <div className="dashboard-grid">
            <Card className="dashboard-card">
              <SalesChart stats={stats.data} />
            </Card>
            <Card className="dashboard-card">
              <RevenueChart stats={stats.data} />
            </Card>
            <Card className="dashboard-card dashboard-card--wide">
              <CheckInsChart stats={stats.data} />
            </Card>
            {/* The tables take the whole row: side by side, their columns did not fit at 1280 px. */}
            <Card className="dashboard-card dashboard-card--wide">
              <h2 className="section-title">{intl.formatMessage(m.byTicketHeading)}</h2>
              <TicketTable stats={stats.data} />
            </Card>
            <Card className="dashboard-card dashboard-card--wide">
              <h2 className="section-title">{intl.formatMessage(m.promoHeading)}</h2>
              <PromoTable stats={stats.data} />
            </Card>
          </div>
        </>
      )}
    </div>
  );
}

export default DashboardPage;

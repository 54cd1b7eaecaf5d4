import { Tag } from '@blueprintjs/core';
import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { formatMoney } from '../../shared/intl/eventFormat';
import type { RoomStatus } from '../../shared/live/LiveUpdates';
import type { EventStats } from './api';
import { dashboardMessages as m } from './messages';
import './dashboard.css';

const liveMessages: Record<RoomStatus, MessageDescriptor> = {
  joined: m.liveJoined,
  joining: m.liveJoining,
  refused: m.liveRefused,
};

export function LiveIndicator({ status, updatedAt }: { status: RoomStatus; updatedAt: number | null }) {
  const intl = useIntl();
  return (
    <div className="dashboard-live" role="status" aria-live="polite">
      <Tag
        minimal
        round
        intent={status === 'joined' ? 'success' : status === 'refused' ? 'danger' : 'none'}
        icon={<span className={`dashboard-live__dot dashboard-live__dot--${status}`} aria-hidden />}
      >
        {intl.formatMessage(liveMessages[status])}
      </Tag>
      {updatedAt ? (
        <span className="dashboard-live__updated">
          {intl.formatMessage(m.updatedAt, { time: intl.formatTime(updatedAt, { timeStyle: 'medium' }) })}
        </span>
      ) : null}
    </div>
  );
}

interface Figure {
  label: MessageDescriptor;
  value: string;
  testId: string;
}

export function headlineFigures(intl: IntlShape, stats: EventStats, full = true): Figure[] {
  const money = (amount: number) => formatMoney(intl, amount, stats.currency);
  const count = (value: number) => intl.formatNumber(value);
  const t = stats.totals;
  const figures: Figure[] = [
    { label: m.ticketsSold, value: count(t.tickets_sold), testId: 'tickets_sold' },
    { label: m.orders, value: count(t.orders), testId: 'orders' },
    { label: m.gross, value: money(t.gross), testId: 'gross' },
    { label: m.checkedIn, value: count(t.checked_in), testId: 'checked_in' },
  ];
  if (!full) return figures;
  return [
    ...figures,
    { label: m.net, value: money(t.net), testId: 'net' },
    { label: m.taxes, value: money(t.taxes), testId: 'taxes' },
    { label: m.fees, value: money(t.fees), testId: 'fees' },
    { label: m.discounts, value: money(t.discounts), testId: 'discounts' },
    { label: m.refunds, value: money(t.refunds), testId: 'refunds' },
    { label: m.awaitingPayment, value: money(t.awaiting_payment), testId: 'awaiting_payment' },
    { label: m.pageViews, value: count(t.page_views), testId: 'page_views' },
    {
      label: m.conversion,
      value:
        t.conversion === null
          ? intl.formatMessage(m.noConversion)
          : intl.formatNumber(t.conversion, { style: 'percent', maximumFractionDigits: 1 }),
      testId: 'conversion',
    },
  ];
}

export function HeadlineNumbers({ figures }: { figures: Figure[] }) {
  const intl = useIntl();
  return (
    <dl className="dashboard-numbers" aria-label={intl.formatMessage(m.headlineLabel)}>
      {figures.map((figure) => (
        <div key={figure.testId} className="dashboard-number" data-testid={`stat-${figure.testId}`}>
          <dt>{intl.formatMessage(figure.label)}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

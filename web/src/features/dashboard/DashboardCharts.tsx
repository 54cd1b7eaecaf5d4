import type { ReactNode } from 'react';
import { useId } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { currencyExponent, formatMoney } from '../../shared/intl/eventFormat';
import type { EventStats, SeriesPoint } from './api';
import { bucketLabel } from './labels';
import { dashboardMessages as m } from './messages';

function ChartFigure({
  title,
  summary,
  children,
}: {
  title: string;
  summary: string | null;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <figure className="dashboard-chart" aria-labelledby={`${id}-title`}>
      <figcaption>
        <h3 className="dashboard-chart__title" id={`${id}-title`}>
          {title}
        </h3>
        {summary ? <p className="dashboard-sr-only">{summary}</p> : null}
      </figcaption>
      <div className="dashboard-chart__plot">{children}</div>
    </figure>
  );
}

const axisTick = { fill: 'var(--dashboard-axis)', fontSize: 12 };

function summaryOf(intl: IntlShape, series: readonly { label: string }[]): string | null {
  const first = series[0];
  const last = series[series.length - 1];
  return first && last ? intl.formatMessage(m.chartSummary, { first: first.label, last: last.label }) : null;
}

/** Orders and tickets sold per bucket. */
export function SalesChart({ stats }: { stats: EventStats }) {
  const intl = useIntl();
  const data = stats.series.map((point: SeriesPoint) => ({
    label: bucketLabel(intl, point.bucket, stats.range.granularity),
    tickets: point.tickets_sold,
    orders: point.orders,
  }));
  return (
    <ChartFigure title={intl.formatMessage(m.salesChart)} summary={summaryOf(intl, data)}>
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="var(--dashboard-grid)" vertical={false} />
          <XAxis dataKey="label" tick={axisTick} minTickGap={16} />
          <YAxis allowDecimals={false} tick={axisTick} width={40} />
          <Tooltip
            contentStyle={{ background: 'var(--dashboard-tooltip)', borderColor: 'var(--app-border)' }}
          />
          <Legend />
          <Bar
            dataKey="tickets"
            name={intl.formatMessage(m.ticketsSold)}
            fill="var(--dashboard-series-1)"
            maxBarSize={32}
            isAnimationActive={false}
          />
          <Bar
            dataKey="orders"
            name={intl.formatMessage(m.orders)}
            fill="var(--dashboard-series-2)"
            maxBarSize={32}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

/** Gross and net revenue per bucket, in the event's currency. */
export function RevenueChart({ stats }: { stats: EventStats }) {
  const intl = useIntl();
  const exponent = currencyExponent(stats.currency);
  const money = (value: number) => formatMoney(intl, value, stats.currency);
  const compact = (value: number) =>
    intl.formatNumber(value / 10 ** exponent, {
      style: 'currency',
      currency: stats.currency,
      notation: 'compact',
    });
  const data = stats.series.map((point) => ({
    label: bucketLabel(intl, point.bucket, stats.range.granularity),
    gross: point.gross,
    net: point.net,
  }));
  return (
    <ChartFigure title={intl.formatMessage(m.revenueChart)} summary={summaryOf(intl, data)}>
      <ResponsiveContainer width="100%" height={260}>
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="var(--dashboard-grid)" vertical={false} />
          <XAxis dataKey="label" tick={axisTick} minTickGap={16} />
          <YAxis tick={axisTick} tickFormatter={compact} width={64} />
          <Tooltip
            formatter={(value) => money(Number(value))}
            contentStyle={{ background: 'var(--dashboard-tooltip)', borderColor: 'var(--app-border)' }}
          />
          <Legend />
          <Area
            type="monotone"
            dataKey="gross"
            name={intl.formatMessage(m.gross)}
            stroke="var(--dashboard-series-1)"
            fill="var(--dashboard-series-1)"
            fillOpacity={0.2}
            isAnimationActive={false}
          />
          <Area
            type="monotone"
            dataKey="net"
            name={intl.formatMessage(m.net)}
            stroke="var(--dashboard-series-3)"
            fill="var(--dashboard-series-3)"
            fillOpacity={0.1}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

/** Admissions per minute on the event's day. */
export function CheckInsChart({ stats }: { stats: EventStats }) {
  const intl = useIntl();
  const day = intl.formatDate(`${stats.check_ins.day}T00:00:00Z`, { timeZone: 'UTC', dateStyle: 'medium' });
  const data = stats.check_ins.per_minute.map((point) => ({
    label: point.minute,
    checkIns: point.check_ins,
  }));
  return (
    <ChartFigure title={intl.formatMessage(m.checkInsChart, { day })} summary={summaryOf(intl, data)}>
      {data.length === 0 ? (
        <p className="dashboard-empty">{intl.formatMessage(m.checkInsEmpty)}</p>
      ) : (
        <ResponsiveContainer width="100%" height={200}>
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="var(--dashboard-grid)" vertical={false} />
            <XAxis dataKey="label" tick={axisTick} minTickGap={24} />
            <YAxis allowDecimals={false} tick={axisTick} width={40} />
            <Tooltip
              contentStyle={{ background: 'var(--dashboard-tooltip)', borderColor: 'var(--app-border)' }}
            />
            <Bar
              dataKey="checkIns"
              name={intl.formatMessage(m.checkIns)}
              fill="var(--dashboard-series-2)"
              maxBarSize={24}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartFigure>
  );
}

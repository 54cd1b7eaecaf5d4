import { Button, Callout, Card, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useOutletContext, useParams } from 'react-router';
import { formatMoney } from '../../shared/intl/eventFormat';
import { PageTitle } from '../../shared/ui/PageTitle';
import type { EventDetail } from '../events/types';
import type { OrderStateThen, OrderTrailEntry } from './api';
import { historyActor, trailSentence } from './history';
import { orderTrailMessages as m, paymentMethodMessages } from './messages';
import { OrderMoney } from './OrderMoney';
import { OrderStatusTag } from './OrderStatusTag';
import { orderQueries } from './queries';
import { changedFields, type ChangedFields } from './stateChanges';
import './orders.css';

/**
 * An order's full history (issue 30): every event of every stream that touched it and its mails, each with its
 * sentence, actor, time and IP and the raw event one click away; and the order as it was after any entry, chosen
 * with a slider over the history, with what that entry changed marked.
 */
export function OrderTrailPage() {
  const intl = useIntl();
  const event = useOutletContext<EventDetail>();
  const { orderId = '' } = useParams();
  const detail = useQuery(orderQueries.detail(event.id, orderId));
  const trail = useQuery(orderQueries.trail(event.id, orderId));
  const reference = detail.data?.reference ?? '';
  const entries = trail.data?.entries ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const index = chosen ?? entries.length - 1;
  return (
    <div className="order-trail-page">
      <PageTitle parts={[intl.formatMessage(m.pageTitle, { reference }), event.title]} />
      <p>
        <Link to={`/manage/event/${event.id}/orders`}>{intl.formatMessage(m.back)}</Link>
      </p>
      <h2 className="page-header__title">{intl.formatMessage(m.heading, { reference })}</h2>
      <p className="page-intro">{intl.formatMessage(m.intro)}</p>
      {trail.isPending ? <Spinner size={24} aria-label={intl.formatMessage(m.loading)} /> : null}
      {trail.isError || detail.isError ? (
        <Callout intent="danger">{intl.formatMessage(m.loadFailed)}</Callout>
      ) : null}
      {trail.data && entries.length === 0 ? (
        <NonIdealState icon="history" title={intl.formatMessage(m.empty)} />
      ) : null}
      {entries.length > 0 && detail.data ? (
        <div className="order-trail">
          <section className="order-trail__then" aria-labelledby="order-trail-then">
            <h3 id="order-trail-then">{intl.formatMessage(m.thenHeading)}</h3>
            <MomentSlider entries={entries} index={index} onChange={setChosen} />
            <StateThen
              eventId={event.id}
              orderId={orderId}
              entries={entries}
              index={index}
              currency={detail.data.currency}
            />
          </section>
          <section className="order-trail__history" aria-labelledby="order-trail-history">
            <h3 id="order-trail-history">{intl.formatMessage(m.historyHeading)}</h3>
            <ol className="order-trail__entries">
              {entries.map((entry, position) => (
                <TrailEntry
                  key={`${entry.position}-${entry.mail?.id ?? entry.webhook?.id ?? ''}`}
                  entry={entry}
                  currency={detail.data.currency}
                  selected={position === index}
                  onShow={() => setChosen(position)}
                />
              ))}
            </ol>
          </section>
        </div>
      ) : null}
    </div>
  );
}

/** The moment shown: a slider over the history's entries, keyboard operable, saying the entry it is on. */
function MomentSlider({
  entries,
  index,
  onChange,
}: {
  entries: readonly OrderTrailEntry[];
  index: number;
  onChange: (index: number) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const entry = entries[index];
  const when = entry ? intl.formatDate(entry.at, { dateStyle: 'medium', timeStyle: 'medium' }) : '';
  return (
    <div className="order-trail__slider">
      <label htmlFor={id}>{intl.formatMessage(m.slider)}</label>
      <input
        id={id}
        type="range"
        min={0}
        max={entries.length - 1}
        step={1}
        value={index}
        aria-valuetext={intl.formatMessage(m.sliderValue, { index: index + 1, total: entries.length, when })}
        onChange={(change) => onChange(Number(change.currentTarget.value))}
      />
      <output htmlFor={id} aria-live="polite">
        {intl.formatMessage(m.sliderValue, { index: index + 1, total: entries.length, when })}
      </output>
    </div>
  );
}

/** The order after the chosen entry, with what differs from the state before it marked. */
function StateThen({
  eventId,
  orderId,
  entries,
  index,
  currency,
}: {
  eventId: string;
  orderId: string;
  entries: readonly OrderTrailEntry[];
  index: number;
  currency: string;
}) {
  const intl = useIntl();
  const entry = entries[index];
  const before = entries.slice(0, index).findLast((candidate) => candidate.position !== entry?.position);
  const now = useQuery({
    ...orderQueries.asOf(eventId, orderId, entry?.position ?? '1'),
    enabled: entry !== undefined,
  });
  const previous = useQuery({
    ...orderQueries.asOf(eventId, orderId, before?.position ?? '1'),
    enabled: before !== undefined,
  });
  if (now.isPending) return <Spinner size={20} aria-label={intl.formatMessage(m.loading)} />;
  if (now.isError) return <Callout intent="danger">{intl.formatMessage(m.loadFailed)}</Callout>;
  const state = now.data.state;
  if (!state) return <Callout icon="time">{intl.formatMessage(m.notYet)}</Callout>;
  const changed = changedFields(before ? (previous.data?.state ?? null) : null, state);
  return <StateView state={state} changed={changed} currency={currency} />;
}

function Changed({ when, children }: { when: boolean; children: ReactNode }) {
  const intl = useIntl();
  if (!when) return <>{children}</>;
  return (
    <span className="order-trail__changed">
      {children}{' '}
      <Tag minimal intent="warning" round>
        {intl.formatMessage(m.changed)}
      </Tag>
    </span>
  );
}

function StateView({
  state,
  changed,
  currency,
}: {
  state: OrderStateThen;
  changed: ChangedFields;
  currency: string;
}) {
  const intl = useIntl();
  const money = (amount: number) => formatMoney(intl, amount, currency);
  const method = state.payment_method;
  const facts: [string, ReactNode, boolean][] = [
    [
      intl.formatMessage(m.status),
      <OrderStatusTag key="status" status={state.status} />,
      changed.has('status'),
    ],
    [
      intl.formatMessage(m.paymentMethod),
      method ? intl.formatMessage(paymentMethodMessages[method]) : '—',
      changed.has('payment_method'),
    ],
    [intl.formatMessage(m.paid), money(state.paid), changed.has('paid')],
    [intl.formatMessage(m.refunded), money(state.refunded), changed.has('refunded')],
    [intl.formatMessage(m.remaining), money(state.remaining), changed.has('remaining')],
    [intl.formatMessage(m.attempts), String(state.payment_attempts), changed.has('payment_attempts')],
    [
      intl.formatMessage(m.buyer),
      state.buyer ? `${state.buyer.first_name} ${state.buyer.last_name}` : '—',
      changed.has('buyer'),
    ],
  ];
  return (
    <Card className="order-trail__state" data-testid="order-state-then">
      <dl className="order-trail__facts">
        {facts.map(([label, value, isChanged]) => (
          <div key={label} data-changed={isChanged || undefined}>
            <dt>{label}</dt>
            <dd>
              <Changed when={isChanged}>{value}</Changed>
            </dd>
          </div>
        ))}
      </dl>
      <OrderMoney order={{ ...state, currency }} />
      {state.refunds.length > 0 ? (
        <>
          <h4>{intl.formatMessage(m.refunds)}</h4>
          <ul>
            {state.refunds.map((refund) => (
              <li key={refund.refund_id}>
                <Changed when={changed.has(`refund:${refund.refund_id}`)}>
                  {intl.formatMessage(m.refund, { amount: money(refund.amount), status: refund.status })}
                </Changed>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h4>{intl.formatMessage(m.attendees)}</h4>
      <HTMLTable compact className="order-trail__attendees">
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.attendee)}</th>
            <th scope="col">{intl.formatMessage(m.ticketState)}</th>
            <th scope="col">{intl.formatMessage(m.checkIn)}</th>
          </tr>
        </thead>
        <tbody>
          {state.attendees.map((attendee) => (
            <tr key={attendee.id} data-changed={changed.has(`attendee:${attendee.id}`) || undefined}>
              <th scope="row">
                <Changed when={changed.has(`attendee:${attendee.id}:name`)}>
                  {[attendee.first_name, attendee.last_name].filter(Boolean).join(' ') ||
                    intl.formatMessage(m.unnamed)}
                </Changed>
              </th>
              <td>
                <Changed when={changed.has(`attendee:${attendee.id}:state`)}>
                  {intl.formatMessage(m.attendeeState, {
                    status: attendee.status,
                    payment: attendee.payment,
                  })}
                </Changed>
              </td>
              <td>
                <Changed when={changed.has(`attendee:${attendee.id}:check_ins`)}>
                  {attendee.check_ins.length === 0
                    ? intl.formatMessage(m.notCheckedIn)
                    : attendee.check_ins
                        .map((door) =>
                          intl.formatMessage(m.doorState, {
                            state: door.state,
                            list: door.check_in_list ?? door.check_in_list_id,
                          }),
                        )
                        .join(', ')}
                </Changed>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
}

/** One entry: its sentence, time, actor and IP, and the raw event behind a disclosure. */
function TrailEntry({
  entry,
  currency,
  selected,
  onShow,
}: {
  entry: OrderTrailEntry;
  currency: string;
  selected: boolean;
  onShow: () => void;
}) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const rawId = useId();
  const sentence = trailSentence(intl, entry, currency);
  const details = [
    intl.formatDate(entry.at, { dateStyle: 'medium', timeStyle: 'medium' }),
    historyActor(intl, entry.actor),
    entry.device ? intl.formatMessage(m.device, { device: entry.device }) : null,
    entry.ip ? intl.formatMessage(m.ip, { ip: entry.ip }) : null,
  ].filter(Boolean);
  return (
    <li className="order-trail__entry" aria-current={selected ? 'step' : undefined}>
      <div className="order-trail__entry-head">
        <span className="order-trail__entry-what">{sentence}</span>
        <span className="order-trail__entry-when">{details.join(' · ')}</span>
      </div>
      <div className="order-trail__entry-actions">
        <Button size="small" variant="minimal" icon="time" onClick={onShow} aria-pressed={selected}>
          {intl.formatMessage(m.showThen)}
        </Button>
        <Button
          size="small"
          variant="minimal"
          icon={open ? 'chevron-down' : 'chevron-right'}
          aria-expanded={open}
          aria-controls={rawId}
          onClick={() => setOpen(!open)}
        >
          {intl.formatMessage(entry.raw ? m.rawEvent : entry.webhook ? m.rawWebhook : m.rawMail)}
        </Button>
      </div>
      {open ? (
        <pre id={rawId} className="order-trail__raw" tabIndex={0} aria-label={intl.formatMessage(m.rawLabel)}>
          {JSON.stringify(entry.raw ?? entry.mail ?? entry.webhook, null, 2)}
        </pre>
      ) : null}
    </li>
  );
}

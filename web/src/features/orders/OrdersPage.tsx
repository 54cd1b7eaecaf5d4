import {
  Alert,
  Button,
  Callout,
  Drawer,
  HTMLTable,
  InputGroup,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useOutletContext } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import type { RouteQuery } from '../../shared/api/routes';
import { reasonMessage } from '../../shared/api/reasonMessages';
import { DialogForm, FormDialog } from '../../shared/forms/FormDialog';
import { FieldGroup, useForm } from '../../shared/forms/useForm';
import { formatMoney } from '../../shared/intl/eventFormat';
import { EmailText } from '../../shared/ui/EmailText';
import { ListPage } from '../../shared/ui/ListPage';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import { MoneyTrail, RefundAction } from './RefundAction';
import { OrderAnswers, OrderHistory } from './OrderHistory';
import { ComposeDialog } from '../messages/ComposeDialog';
import type { RecipientCandidate } from '../messages/api';
import { OrderMoney } from './OrderMoney';
import { OrderInvoices } from '../invoices/OrderInvoices';
import { wasCancelled } from './orderFacts';
import { Pagination } from '../../shared/ui/Pagination';
import { useToaster } from '../../shared/ui/toaster';
import type { EventDetail } from '../events/types';
import {
  changeBuyer,
  downloadExport,
  orderAction,
  type OrderAction,
  type OrderDetail,
  type OrderStatus,
} from './api';
import {
  buyerFormMessages as b,
  orderDetailMessages as d,
  ordersMessages as m,
  orderStatusMessages,
  orderTrailMessages,
  paymentMethodMessages,
} from './messages';
import { ExportButtons, ParamFilter, SearchToolbar, openOnRowClick, useListParams } from './ListControls';
import { OrderStatusTag, ToneTag } from './OrderStatusTag';
import { orderQueries } from './queries';
import { ticketQueries } from '../tickets/queries';
import { hasPermission, userQueries } from '../users/queries';
import { personEmail, personName } from './erasedPeople';
import '../../shared/ui/account.css';
import './orders.css';

const STATUSES = Object.keys(orderStatusMessages) as OrderStatus[];

/** The list's query from the address bar: page, search, status (so a reload or a shared link keeps them). */
export function listQueryOf(
  params: URLSearchParams,
  filter: string,
): RouteQuery<'GET /events/{eventId}/orders'> {
  const status = params.get(filter);
  const fields: NonNullable<RouteQuery<'GET /events/{eventId}/orders'>['filter_fields']> = {};
  if (status) fields.status = { eq: status };
  const method = params.get('payment_method');
  if (method) fields.payment_method = { eq: method };
  const ticket = params.get('ticket_id');
  if (ticket) fields.ticket_id = { eq: ticket };
  // A date range in the viewer's days: from the start of `from` to the end of `to` (UTC instants).
  const from = params.get('from');
  const to = params.get('to');
  if (from || to)
    fields.created_at = {
      ...(from ? { gte: `${from}T00:00:00.000Z` } : {}),
      ...(to ? { lt: `${to}T23:59:59.999Z` } : {}),
    };
  return {
    page: Number(params.get('page') ?? '1') || 1,
    per_page: 20,
    query: params.get('query') ?? undefined,
    ...(Object.keys(fields).length > 0 ? { filter_fields: fields } : {}),
  };
}

const PAYMENT_METHODS = ['FREE', 'OFFLINE', 'CARD'] as const;

/** `/manage/event/{eventId}/orders`: search, filter, page through the orders; open one in a drawer. */
export function OrdersPage() {
  const intl = useIntl();
  const event = useOutletContext<EventDetail>();
  const toaster = useToaster();
  const { params, update } = useListParams();
  const query = listQueryOf(params, 'status');
  const list = useQuery({ ...orderQueries.list(event.id, query), placeholderData: keepPreviousData });
  const tickets = useQuery(ticketQueries.list(event.id));
  const [open, setOpen] = useState<string | null>(null);
  const orders = list.data?.data ?? [];
  const meta = list.data?.meta;
  const exportAs = (format: 'csv' | 'xlsx') => {
    const { page: _page, per_page: _perPage, ...filters } = query;
    downloadExport(event.id, 'orders', format, filters).catch(() => toaster.danger(m.exportFailed));
  };
  return (
    <>
      <ListPage
        className="orders-page"
        title={[m.pageTitle, event.title]}
        heading={<h2 className="page-header__title">{intl.formatMessage(m.heading)}</h2>}
        actions={
          <div className="orders-actions">
            <ExportButtons onExport={exportAs} />
          </div>
        }
        above={
          <>
            <p className="page-intro">{intl.formatMessage(m.intro)}</p>
            <SearchToolbar label={m.search} params={params} update={update} loading={list.isFetching}>
              <ParamFilter
                param="status"
                label={m.statusFilter}
                all={m.allStatuses}
                options={STATUSES.map((status) => ({
                  value: status,
                  label: intl.formatMessage(orderStatusMessages[status]),
                }))}
                params={params}
                update={update}
              />
              <ParamFilter
                param="payment_method"
                label={m.paymentFilter}
                all={m.allPaymentMethods}
                options={PAYMENT_METHODS.map((method) => ({
                  value: method,
                  label: intl.formatMessage(paymentMethodMessages[method]),
                }))}
                params={params}
                update={update}
              />
              <ParamFilter
                param="ticket_id"
                label={m.ticketFilter}
                all={m.allTickets}
                options={(tickets.data ?? []).map((ticket) => ({ value: ticket.id, label: ticket.title }))}
                params={params}
                update={update}
              />
              <InputGroup
                className="orders-toolbar__date"
                type="date"
                aria-label={intl.formatMessage(m.from)}
                title={intl.formatMessage(m.from)}
                value={params.get('from') ?? ''}
                onChange={(changed) => update({ from: changed.target.value || null })}
              />
              <InputGroup
                className="orders-toolbar__date"
                type="date"
                aria-label={intl.formatMessage(m.to)}
                title={intl.formatMessage(m.to)}
                value={params.get('to') ?? ''}
                onChange={(changed) => update({ to: changed.target.value || null })}
              />
            </SearchToolbar>
          </>
        }
        query={list}
        isEmpty={list.isSuccess && orders.length === 0}
        loading={m.loading}
        loadError={m.loadFailed}
        empty={<NonIdealState icon="shopping-cart" title={intl.formatMessage(m.empty)} />}
        summary={meta ? intl.formatMessage(m.summary, { total: meta.total }) : null}
        pagination={
          <Pagination
            meta={meta}
            onChange={(next) => update({ page: String(next) })}
            label={m.paginationNav}
          />
        }
      >
        <ScrollTable label={intl.formatMessage(m.tableLabel)}>
          <HTMLTable
            className={`orders-table${list.isPlaceholderData ? ' list-table--stale' : ''}`}
            striped
            interactive
            aria-label={intl.formatMessage(m.tableLabel)}
            aria-busy={list.isPlaceholderData}
          >
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.columnReference)}</th>
                <th scope="col">{intl.formatMessage(m.columnBuyer)}</th>
                <th scope="col">{intl.formatMessage(m.columnStatus)}</th>
                <th scope="col">{intl.formatMessage(m.columnTotal)}</th>
                <th scope="col">{intl.formatMessage(m.columnDate)}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr
                  key={order.id}
                  className="list-table__row--opens"
                  onClick={openOnRowClick(() => setOpen(order.id))}
                >
                  <td className="orders-table__reference">
                    <button
                      type="button"
                      className="list-table__open"
                      aria-label={intl.formatMessage(m.open, { reference: order.reference })}
                      onClick={() => setOpen(order.id)}
                    >
                      {order.reference}
                    </button>
                    {order.origin === 'MANUAL' ? (
                      <Tag minimal round>
                        {intl.formatMessage(m.manual)}
                      </Tag>
                    ) : null}
                  </td>
                  <td className="orders-table__buyer">
                    {personName(intl, order)}
                    <br />
                    <small>
                      <EmailText email={personEmail(order)} />
                    </small>
                  </td>
                  <td>
                    <OrderStatusTag status={order.status} />
                  </td>
                  <td>{formatMoney(intl, order.total, order.currency)}</td>
                  <td>{intl.formatDate(order.created_at, { dateStyle: 'medium', timeStyle: 'short' })}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </ScrollTable>
      </ListPage>
      <OrderDrawer eventId={event.id} orderId={open} onClose={() => setOpen(null)} />
    </>
  );
}

function OrderDrawer({
  eventId,
  orderId,
  onClose,
}: {
  eventId: string;
  orderId: string | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const detail = useQuery({ ...orderQueries.detail(eventId, orderId ?? ''), enabled: orderId !== null });
  const order = detail.data;
  return (
    <Drawer
      isOpen={orderId !== null}
      onClose={onClose}
      size="min(640px, 100%)"
      title={
        order ? intl.formatMessage(d.title, { reference: order.reference }) : intl.formatMessage(d.loading)
      }
      icon="shopping-cart"
      className="order-drawer"
    >
      <div className="order-drawer__body">
        {detail.isPending ? <Spinner size={24} aria-label={intl.formatMessage(d.loading)} /> : null}
        {detail.isError ? <Callout intent="danger">{intl.formatMessage(d.loadFailed)}</Callout> : null}
        {order ? <OrderDetailView eventId={eventId} order={order} /> : null}
      </div>
    </Drawer>
  );
}

const confirmations = {
  cancel: { action: d.cancel, question: d.confirmCancel },
  'mark-paid': { action: d.markPaid, question: d.confirmMarkPaid },
  'erase-personal-data': { action: d.erase, question: d.confirmErase },
};

function OrderDetailView({ eventId, order }: { eventId: string; order: OrderDetail }) {
  const intl = useIntl();
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<'cancel' | 'mark-paid' | 'erase-personal-data' | null>(null);
  const me = useQuery(userQueries.me());
  const erased = order.history.some((entry) => entry.type === 'OrderPersonalDataErased');
  const open = order.status === 'AWAITING_DETAILS' || order.status === 'RESERVED';
  const [editing, setEditing] = useState(false);
  const [writingTo, setWritingTo] = useState<RecipientCandidate | null>(null);
  const money = (amount: number) => formatMoney(intl, amount, order.currency);
  const action = useMutation({
    mutationFn: (name: OrderAction) => orderAction(eventId, order.id, name),
    onSuccess: async (saved, name) => {
      queryClient.setQueryData(orderQueries.detail(eventId, order.id).queryKey, saved);
      toaster.success(name === 'resend-confirmation' ? d.resent : d.done, { reference: saved.reference });
      await queryClient.invalidateQueries({ queryKey: orderQueries.lists() });
    },
    onError: (error) => toaster.danger((isApiError(error) && reasonMessage(error.reason)) || d.actionFailed),
  });
  const facts: [string, React.ReactNode][] = [
    [intl.formatMessage(d.shortId), <code key="short">{order.short_id}</code>],
    [
      intl.formatMessage(d.date),
      intl.formatDate(order.created_at, { dateStyle: 'medium', timeStyle: 'short' }),
    ],
    [intl.formatMessage(m.columnStatus), <OrderStatusTag key="status" status={order.status} />],
    [
      intl.formatMessage(d.buyer),
      `${personName(intl, order)} ${personEmail(order) ? `<${order.email}>` : ''}`,
    ],
    [
      intl.formatMessage(d.payment),
      order.payment_method ? intl.formatMessage(paymentMethodMessages[order.payment_method]) : '—',
    ],
    [intl.formatMessage(d.total), money(order.total)],
    [intl.formatMessage(d.refunded), money(order.refunded_total)],
    [intl.formatMessage(d.remaining), money(order.remaining_total)],
  ];
  const wentThrough =
    !wasCancelled(order) &&
    [
      'COMPLETED',
      'AWAITING_PAYMENT',
      'REFUND_PENDING',
      'PARTIALLY_REFUNDED',
      'REFUND_FAILED',
      'REFUNDED',
    ].includes(order.status);
  // Whom a message reaches (docs/messages.md): the buyer of an order that went through and is not undone,
  // and its active attendees.
  const reachable = order.status === 'COMPLETED' || order.status === 'AWAITING_PAYMENT';
  const buyerName = [order.first_name, order.last_name].filter(Boolean).join(' ');
  return (
    <>
      <div className="order-drawer__actions">
        {order.status === 'AWAITING_PAYMENT' ? (
          <Button
            intent="primary"
            icon="tick"
            text={intl.formatMessage(d.markPaid)}
            disabled={action.isPending}
            onClick={() => setConfirming('mark-paid')}
          />
        ) : null}
        {wentThrough && !erased ? (
          <Button
            icon="envelope"
            text={intl.formatMessage(d.resend)}
            disabled={action.isPending}
            onClick={() => action.mutate('resend-confirmation')}
          />
        ) : null}
        {order.first_name !== null && !erased ? (
          <Button icon="edit" text={intl.formatMessage(d.editBuyer)} onClick={() => setEditing(true)} />
        ) : null}
        {reachable && order.email && !erased ? (
          <Button
            icon="chat"
            text={intl.formatMessage(d.messageBuyer)}
            onClick={() =>
              setWritingTo({
                kind: 'order_buyer',
                id: order.id,
                name: buyerName,
                email: order.email,
                reference: order.reference,
                ticket_title: null,
              })
            }
          />
        ) : null}
        <RefundAction eventId={eventId} order={order} />
        {wentThrough ? (
          <Button
            intent="danger"
            icon="cross"
            text={intl.formatMessage(d.cancel)}
            disabled={action.isPending}
            onClick={() => setConfirming('cancel')}
          />
        ) : null}
      </div>
      {hasPermission(me.data, 'account.manage') && !erased && !open ? (
        <Button
          className="order-drawer__erase"
          variant="minimal"
          intent="danger"
          icon="eraser"
          text={intl.formatMessage(d.erase)}
          disabled={action.isPending}
          onClick={() => setConfirming('erase-personal-data')}
        />
      ) : null}
      {erased ? (
        <Callout intent="warning" icon="eraser" className="order-drawer__manual">
          {intl.formatMessage(d.erased)}
        </Callout>
      ) : null}
      {order.origin === 'MANUAL' ? (
        <Callout intent="primary" className="order-drawer__manual">
          {intl.formatMessage(d.manualNote, { amount: money(order.amount_paid ?? order.total) })}
        </Callout>
      ) : null}
      <dl className="order-drawer__facts">
        {facts.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <MoneyTrail order={order} />
      <h3>{intl.formatMessage(d.lines)}</h3>
      <OrderMoney order={order} />
      <OrderInvoices eventId={eventId} orderId={order.id} />
      <h3>{intl.formatMessage(d.attendees)}</h3>
      <ul className="order-drawer__attendees">
        {order.attendees.map((attendee) => {
          const name = personName(intl, attendee);
          return (
            <li key={attendee.id}>
              <span>
                {name} · {attendee.ticket_title}{' '}
                {attendee.status === 'CANCELLED' ? (
                  <ToneTag tone="red">{intl.formatMessage(orderStatusMessages.CANCELLED)}</ToneTag>
                ) : (
                  personEmail(attendee) && `· ${personEmail(attendee)}`
                )}
              </span>
              {reachable && attendee.status === 'ACTIVE' && personEmail(attendee) ? (
                <Button
                  variant="minimal"
                  size="small"
                  icon="chat"
                  aria-label={intl.formatMessage(d.messageAttendee, { name })}
                  title={intl.formatMessage(d.messageAttendee, { name })}
                  onClick={() =>
                    setWritingTo({
                      kind: 'attendee',
                      id: attendee.id,
                      name,
                      email: attendee.email,
                      reference: order.reference,
                      ticket_title: attendee.ticket_title,
                    })
                  }
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      <OrderAnswers order={order} />
      <OrderHistory order={order} />
      <p>
        <Link to={`/manage/event/${eventId}/orders/${order.id}/history`}>
          {intl.formatMessage(orderTrailMessages.open)}
        </Link>
      </p>
      <Alert
        isOpen={confirming !== null}
        intent={confirming === 'mark-paid' ? 'primary' : 'danger'}
        icon={confirming === 'cancel' ? 'cross' : confirming === 'mark-paid' ? 'tick' : 'eraser'}
        confirmButtonText={intl.formatMessage(confirmations[confirming ?? 'cancel'].action)}
        cancelButtonText={intl.formatMessage(d.keep)}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) action.mutate(confirming);
          setConfirming(null);
        }}
      >
        <p>
          {intl.formatMessage(confirmations[confirming ?? 'cancel'].question, { reference: order.reference })}
        </p>
      </Alert>
      <FormDialog
        isOpen={editing}
        onClose={() => setEditing(false)}
        title={intl.formatMessage(b.title)}
        icon="edit"
      >
        <BuyerForm eventId={eventId} order={order} onClose={() => setEditing(false)} />
      </FormDialog>
      <ComposeDialog
        eventId={eventId}
        isOpen={writingTo !== null}
        onClose={() => setWritingTo(null)}
        recipient={writingTo ?? undefined}
      />
    </>
  );
}

const BUYER_FIELDS = ['first_name', 'last_name', 'email'] as const;

function BuyerForm({
  eventId,
  order,
  onClose,
}: {
  eventId: string;
  order: OrderDetail;
  onClose: () => void;
}) {
  const intl = useIntl();
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (values: Record<(typeof BUYER_FIELDS)[number], string>) =>
      changeBuyer(eventId, order.id, values),
    onSuccess: async (saved) => {
      queryClient.setQueryData(orderQueries.detail(eventId, order.id).queryKey, saved);
      toaster.success(b.saved);
      await queryClient.invalidateQueries({ queryKey: orderQueries.lists() });
      onClose();
    },
  });
  const { values, set, onSubmit, field, failure } = useForm({
    fields: BUYER_FIELDS,
    initial: {
      first_name: order.first_name ?? '',
      last_name: order.last_name ?? '',
      email: order.email ?? '',
    },
    validate: (current) =>
      Object.fromEntries(
        BUYER_FIELDS.filter((name) => current[name].trim() === '').map((name) => [name, b.required]),
      ),
    onValid: (current) => mutation.mutate(current),
    serverError: mutation.error,
  });
  const labels = { first_name: b.firstName, last_name: b.lastName, email: b.email };
  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onClose}
      pending={mutation.isPending}
      submitText={b.save}
      cancelText={b.cancel}
      failure={{ ...failure, title: b.failed }}
    >
      {BUYER_FIELDS.map((name) => {
        const view = field(name);
        return (
          <FieldGroup key={name} view={view} label={intl.formatMessage(labels[name])}>
            <InputGroup
              {...view.inputProps}
              type={name === 'email' ? 'email' : 'text'}
              value={values[name]}
              onChange={set(name)}
            />
          </FieldGroup>
        );
      })}
    </DialogForm>
  );
}

import { Alert, Button, HTMLTable, NonIdealState, Tag, type Intent } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { useOutletContext } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import { reasonMessage } from '../../shared/api/reasonMessages';
import { formatMoney } from '../../shared/intl/eventFormat';
import { ListPage } from '../../shared/ui/ListPage';
import { useToaster } from '../../shared/ui/toaster';
import type { EventDetail } from '../events/types';
import { deleteTicket, setTicketPaused, sortTickets, type Ticket, type TicketState } from './api';
import { ticketsMessages as m, ticketTypeMessages } from './messages';
import { ticketQueries } from './queries';
import { TicketDialog } from './TicketDialog';
import { moveTicket } from './ticketOrder';
import '../account/account.css';
import './tickets.css';

const STATES: Record<TicketState, { message: MessageDescriptor; intent: Intent }> = {
  ON_SALE: { message: m.stateOnSale, intent: 'success' },
  SOLD_OUT: { message: m.stateSoldOut, intent: 'danger' },
  NOT_ON_SALE: { message: m.stateNotOnSale, intent: 'none' },
  SALE_ENDED: { message: m.stateSaleEnded, intent: 'none' },
  HIDDEN: { message: m.stateHidden, intent: 'none' },
  PAUSED: { message: m.statePaused, intent: 'warning' },
};

/** The price column: the price, "Free", "From <minimum>" or the tiers' range, in the event's currency. */
function priceText(intl: IntlShape, ticket: Ticket, currency: string): string {
  const money = (amount: number) => formatMoney(intl, amount, currency);
  switch (ticket.type) {
    case 'FREE':
      return intl.formatMessage(m.priceFree);
    case 'DONATION':
      return intl.formatMessage(m.priceMinimum, { amount: money(ticket.minimum_price ?? 0) });
    case 'TIERED': {
      const prices = ticket.tiers.map((tier) => tier.price);
      if (prices.length === 0) return '';
      const low = Math.min(...prices);
      const high = Math.max(...prices);
      return low === high
        ? money(low)
        : intl.formatMessage(m.priceRange, { low: money(low), high: money(high) });
    }
    case 'PAID':
      return money(ticket.price ?? 0);
  }
}

/** `/manage/event/{eventId}/tickets`: the event's tickets in the order buyers see them. */
export function TicketsPage() {
  const intl = useIntl();
  const event = useOutletContext<EventDetail>();
  const list = useQuery(ticketQueries.list(event.id));
  const [editing, setEditing] = useState<Ticket | 'new' | null>(null);
  // Each opening gets a fresh form: reopened during the closing animation, the old one would keep its values.
  const [opened, setOpened] = useState(0);
  const edit = (target: Ticket | 'new') => {
    setOpened((count) => count + 1);
    setEditing(target);
  };
  const [deleting, setDeleting] = useState<Ticket | null>(null);
  const tickets = list.data ?? [];
  const { sort, pause } = useTicketActions(event.id);
  return (
    <>
      <ListPage
        className="tickets-page"
        title={[m.pageTitle, event.title]}
        heading={<h2 className="page-header__title">{intl.formatMessage(m.heading)}</h2>}
        actions={
          <Button
            intent="primary"
            icon="add"
            text={intl.formatMessage(m.create)}
            onClick={() => edit('new')}
          />
        }
        above={<p className="page-intro">{intl.formatMessage(m.intro)}</p>}
        query={list}
        isEmpty={list.isSuccess && tickets.length === 0}
        loading={m.loading}
        loadError={m.loadFailed}
        empty={<NonIdealState icon="label" title={intl.formatMessage(m.empty)} />}
      >
        <div className="table-scroll">
          <HTMLTable className="tickets-table" striped aria-label={intl.formatMessage(m.tableLabel)}>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.columnTitle)}</th>
                <th scope="col">{intl.formatMessage(m.columnType)}</th>
                <th scope="col">{intl.formatMessage(m.columnPrice)}</th>
                <th scope="col">{intl.formatMessage(m.columnQuantity)}</th>
                <th scope="col">{intl.formatMessage(m.columnState)}</th>
                <th scope="col">
                  <span className="sr-only">{intl.formatMessage(m.columnActions)}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tickets.map((ticket, index) => {
                const state = STATES[ticket.state];
                const title = ticket.title;
                return (
                  <tr key={ticket.id}>
                    <td>
                      <strong>{title}</strong>
                    </td>
                    <td>{intl.formatMessage(ticketTypeMessages[ticket.type])}</td>
                    <td>{priceText(intl, ticket, event.currency)}</td>
                    <td>
                      {ticket.quantity === null
                        ? intl.formatMessage(m.unlimited)
                        : intl.formatMessage(m.remainingOf, {
                            remaining: ticket.remaining ?? ticket.quantity,
                            quantity: ticket.quantity,
                          })}
                    </td>
                    <td>
                      <Tag minimal round intent={state.intent}>
                        {intl.formatMessage(state.message)}
                      </Tag>
                    </td>
                    <td className="tickets-table__actions">
                      <Button
                        variant="minimal"
                        icon="arrow-up"
                        aria-label={intl.formatMessage(m.moveUp, { title })}
                        title={intl.formatMessage(m.moveUp, { title })}
                        disabled={index === 0 || sort.isPending}
                        onClick={() => sort.mutate(moveTicket(tickets, index, -1))}
                      />
                      <Button
                        variant="minimal"
                        icon="arrow-down"
                        aria-label={intl.formatMessage(m.moveDown, { title })}
                        title={intl.formatMessage(m.moveDown, { title })}
                        disabled={index === tickets.length - 1 || sort.isPending}
                        onClick={() => sort.mutate(moveTicket(tickets, index, 1))}
                      />
                      <Button
                        variant="minimal"
                        icon={ticket.sales_paused ? 'play' : 'pause'}
                        aria-label={intl.formatMessage(ticket.sales_paused ? m.resume : m.pause, { title })}
                        title={intl.formatMessage(ticket.sales_paused ? m.resume : m.pause, { title })}
                        disabled={pause.isPending}
                        onClick={() => pause.mutate(ticket)}
                      />
                      <Button
                        variant="minimal"
                        icon="edit"
                        aria-label={intl.formatMessage(m.edit, { title })}
                        title={intl.formatMessage(m.edit, { title })}
                        onClick={() => edit(ticket)}
                      />
                      <Button
                        variant="minimal"
                        icon="trash"
                        intent="danger"
                        aria-label={intl.formatMessage(m.remove, { title })}
                        title={intl.formatMessage(m.remove, { title })}
                        onClick={() => setDeleting(ticket)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
      </ListPage>
      <TicketDialog
        key={opened}
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        ticket={editing === 'new' ? null : editing}
        event={event}
      />
      <DeleteTicket eventId={event.id} ticket={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

/** Reorder (saved at once, the list shows the new order before the answer) and pause or resume. */
function useTicketActions(eventId: string) {
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const listKey = ticketQueries.list(eventId).queryKey;
  const sort = useMutation({
    mutationFn: (ordered: Ticket[]) =>
      sortTickets(
        eventId,
        ordered.map((ticket) => ticket.id),
      ),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueryData(listKey);
      queryClient.setQueryData(listKey, ordered);
      return { before };
    },
    onError: (_error, _ordered, context) => {
      queryClient.setQueryData(listKey, context?.before);
      toaster.danger(m.sortFailed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
  const pause = useMutation({
    mutationFn: (ticket: Ticket) => setTicketPaused(eventId, ticket.id, !ticket.sales_paused),
    onSuccess: async (saved) => {
      toaster.show(saved.sales_paused ? m.paused : m.resumed, { values: { title: saved.title } });
      await queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: () => toaster.danger(m.pauseFailed),
  });
  return { sort, pause };
}

function DeleteTicket({
  eventId,
  ticket,
  onClose,
}: {
  eventId: string;
  ticket: Ticket | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const removal = useMutation({
    mutationFn: (target: Ticket) => deleteTicket(eventId, target.id),
    onSuccess: async (_nothing, target) => {
      toaster.show(m.deleted, { values: { title: target.title } });
      await queryClient.invalidateQueries({ queryKey: ticketQueries.list(eventId).queryKey });
    },
    // A ticket orders hold cannot go: the server says why (hide it instead).
    onError: (error) => toaster.danger((isApiError(error) && reasonMessage(error.reason)) || m.deleteFailed),
  });
  return (
    <Alert
      isOpen={ticket !== null}
      intent="danger"
      icon="trash"
      confirmButtonText={intl.formatMessage(m.deleteButton)}
      cancelButtonText={intl.formatMessage(m.cancel)}
      onCancel={onClose}
      onConfirm={() => {
        if (ticket) removal.mutate(ticket);
        onClose();
      }}
    >
      {ticket ? intl.formatMessage(m.deleteConfirm, { title: ticket.title }) : null}
    </Alert>
  );
}

export default TicketsPage;

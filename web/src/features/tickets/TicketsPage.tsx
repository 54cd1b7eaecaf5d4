import { Tag, type Intent } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { useOutletContext } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import { reasonMessage } from '../../shared/api/reasonMessages';
import { formatMoney } from '../../shared/intl/eventFormat';
import {
  ConfirmDelete,
  CrudListPage,
  CrudTable,
  RowAction,
  useEditor,
  useReorder,
  useRowDrag,
} from '../../shared/ui/crud';
import { moveItem, moveTo } from '../../shared/ui/reorder';
import { useToaster } from '../../shared/ui/toaster';
import type { EventDetail } from '../events/types';
import { deleteTicket, setTicketPaused, sortTickets, type Ticket, type TicketState } from './api';
import { ticketsMessages as m, ticketTypeMessages } from './messages';
import { ticketQueries } from './queries';
import { TicketDialog } from './TicketDialog';
import '../../shared/ui/account.css';
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
  const editor = useEditor<Ticket>();
  const [deleting, setDeleting] = useState<Ticket | null>(null);
  const tickets = list.data ?? [];
  const { sort, pause } = useTicketActions(event.id);
  const dragRow = useRowDrag((from, to) => sort.mutate(moveTo(tickets, from, to)));
  return (
    <>
      <CrudListPage
        className="tickets-page"
        title={[m.pageTitle, event.title]}
        texts={m}
        emptyIcon="label"
        onCreate={() => editor.open('new')}
        query={list}
        isEmpty={tickets.length === 0}
      >
        <CrudTable
          className="tickets-table"
          label={intl.formatMessage(m.tableLabel)}
          columns={[m.columnTitle, m.columnType, m.columnPrice, m.columnQuantity, m.columnState].map(
            (column) => intl.formatMessage(column),
          )}
          actionsLabel={intl.formatMessage(m.columnActions)}
        >
          {tickets.map((ticket, index) => {
            const state = STATES[ticket.state];
            const title = ticket.title;
            return (
              <tr key={ticket.id} {...dragRow(index)}>
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
                  <RowAction
                    icon="arrow-up"
                    label={intl.formatMessage(m.moveUp, { title })}
                    disabled={index === 0 || sort.isPending}
                    onClick={() => sort.mutate(moveItem(tickets, index, -1))}
                  />
                  <RowAction
                    icon="arrow-down"
                    label={intl.formatMessage(m.moveDown, { title })}
                    disabled={index === tickets.length - 1 || sort.isPending}
                    onClick={() => sort.mutate(moveItem(tickets, index, 1))}
                  />
                  <RowAction
                    icon={ticket.sales_paused ? 'play' : 'pause'}
                    label={intl.formatMessage(ticket.sales_paused ? m.resume : m.pause, { title })}
                    disabled={pause.isPending}
                    onClick={() => pause.mutate(ticket)}
                  />
                  <RowAction
                    icon="edit"
                    label={intl.formatMessage(m.edit, { title })}
                    onClick={() => editor.open(ticket)}
                  />
                  <RowAction
                    icon="trash"
                    intent="danger"
                    label={intl.formatMessage(m.remove, { title })}
                    onClick={() => setDeleting(ticket)}
                  />
                </td>
              </tr>
            );
          })}
        </CrudTable>
      </CrudListPage>
      <TicketDialog
        key={editor.formKey}
        isOpen={editor.isOpen}
        onClose={editor.close}
        ticket={editor.item}
        event={event}
      />
      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(null)}
        question={(ticket) => intl.formatMessage(m.deleteConfirm, { title: ticket.title })}
        remove={(ticket) => deleteTicket(event.id, ticket.id)}
        invalidate={ticketQueries.list(event.id).queryKey}
        deleted={(ticket) => intl.formatMessage(m.deleted, { title: ticket.title })}
        // A ticket orders hold cannot go: the server says why (hide it instead).
        failed={(error) => (isApiError(error) && reasonMessage(error.reason)) || m.deleteFailed}
        deleteText={m.deleteButton}
        cancelText={m.cancel}
      />
    </>
  );
}

/** Reorder (dragged, or moved up and down) and pause or resume. */
function useTicketActions(eventId: string) {
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const listKey = ticketQueries.list(eventId).queryKey;
  const sort = useReorder<Ticket>({
    listKey,
    save: (ids) => sortTickets(eventId, ids),
    failed: m.sortFailed,
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

export default TicketsPage;

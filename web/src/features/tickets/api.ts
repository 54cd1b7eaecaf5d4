import { api } from '../../shared/api/clients';
import type { ApiBody, ApiResponse } from '../../shared/api/contract.gen';
import type { TaxOrFee } from '../taxesAndFees/api';

/** A ticket as `GET /api/events/{id}/tickets` answers it; money in integer minor units, `null` for unlimited. */
export type Ticket = ApiResponse<'GET /events/{id}/tickets'>['data'][number];
export type TicketType = Ticket['type'];
export type TicketState = Ticket['state'];

/** The flags that hide a ticket or shape how buyers see it. */
export type TicketFlags = Pick<
  Ticket,
  | 'hidden'
  | 'hide_before_sale_start'
  | 'hide_after_sale_end'
  | 'hide_when_sold_out'
  | 'hidden_unless_promo_code'
  | 'show_quantity_remaining'
  | 'collapse_on_load'
>;

type TicketBody = ApiBody<'POST /events/{id}/tickets'>;

/**
 * What the ticket form sends, to create and to edit: every field (a cleared one as null). A tier without
 * `tier_id` is new; an existing one keeps its id (its sales follow it). `tax_and_fee_ids` left out: a new ticket
 * gets the account's defaults, an edited one keeps its own.
 */
export type TicketRequest = Required<Omit<TicketBody, 'tax_and_fee_ids'>> &
  Pick<TicketBody, 'tax_and_fee_ids'>;

export async function listTickets(eventId: string, signal?: AbortSignal): Promise<Ticket[]> {
  return (await api.call('GET /events/{id}/tickets', { params: { id: eventId }, signal })).data;
}

export async function createTicket(eventId: string, request: TicketRequest): Promise<Ticket> {
  return (await api.call('POST /events/{id}/tickets', { params: { id: eventId }, body: request })).data;
}

export async function updateTicket(
  eventId: string,
  ticketId: string,
  request: TicketRequest,
): Promise<Ticket> {
  return (
    await api.call('PUT /events/{id}/tickets/{ticketId}', {
      params: { id: eventId, ticketId },
      body: request,
    })
  ).data;
}

export async function deleteTicket(eventId: string, ticketId: string): Promise<void> {
  await api.call('DELETE /events/{id}/tickets/{ticketId}', { params: { id: eventId, ticketId } });
}

export async function sortTickets(eventId: string, ticketIds: string[]): Promise<Ticket[]> {
  return (
    await api.call('PUT /events/{id}/tickets/sort', {
      params: { id: eventId },
      body: { ticket_ids: ticketIds },
    })
  ).data;
}

export async function setTicketPaused(eventId: string, ticketId: string, paused: boolean): Promise<Ticket> {
  const params = { id: eventId, ticketId };
  const answer = paused
    ? await api.call('POST /events/{id}/tickets/{ticketId}/pause', { params })
    : await api.call('POST /events/{id}/tickets/{ticketId}/resume', { params });
  return answer.data;
}

/**
 * The account's taxes and fees for the ticket form. Organizers may not read them: their 403 only leaves the
 * section out, so it must not run the client's 401/403 handling, which sends `/manage/event/...` to the login.
 */
export async function listTaxesForTickets(signal?: AbortSignal): Promise<TaxOrFee[]> {
  return (await api.call('GET /account/taxes-and-fees', { skipAuthRedirect: true, signal })).data;
}

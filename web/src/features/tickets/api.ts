import { api } from '../../shared/api/clients';
import type { DataEnvelope } from '../../shared/api/types';
import type { TaxOrFee } from '../taxesAndFees/api';

export type TicketType = 'PAID' | 'FREE' | 'DONATION' | 'TIERED';
export type TicketState = 'ON_SALE' | 'SOLD_OUT' | 'NOT_ON_SALE' | 'SALE_ENDED' | 'HIDDEN' | 'PAUSED';

/** A price tier; `price` in integer minor units of the event's currency, `quantity` null when unlimited. */
export interface PriceTier {
  tier_id: string;
  label: string;
  price: number;
  hidden: boolean;
  quantity: number | null;
}

/** The flags that hide a ticket or shape how buyers see it. */
export interface TicketFlags {
  hidden: boolean;
  hide_before_sale_start: boolean;
  hide_after_sale_end: boolean;
  hide_when_sold_out: boolean;
  hidden_unless_promo_code: boolean;
  show_quantity_remaining: boolean;
  collapse_on_load: boolean;
}

/** A ticket as `/api/events/{eventId}/tickets` answers it (services/catalog/tickets/ticketSchemas.ts). */
export interface Ticket extends TicketFlags {
  id: string;
  event_id: string;
  type: TicketType;
  title: string;
  description: string | null;
  price: number | null;
  minimum_price: number | null;
  tiers: PriceTier[];
  quantity: number | null;
  min_per_order: number;
  max_per_order: number | null;
  sale_start: string | null;
  sale_end: string | null;
  tax_and_fee_ids: string[];
  sales_paused: boolean;
  state: TicketState;
  /** What a buyer could still reserve, every limit applied (null: unlimited). */
  remaining: number | null;
  created_at: string;
  updated_at: string;
}

export interface TicketRequest extends TicketFlags {
  type: TicketType;
  title: string;
  description: string | null;
  price: number | null;
  minimum_price: number | null;
  /** A tier without `tier_id` is new; an existing one keeps its id (its sales follow it). */
  tiers: (Omit<PriceTier, 'tier_id'> & { tier_id?: string })[];
  quantity: number | null;
  min_per_order: number;
  max_per_order: number | null;
  sale_start: string | null;
  sale_end: string | null;
  /** Left out: a new ticket gets the account's defaults, an edited one keeps its own. */
  tax_and_fee_ids?: string[];
}

const ticketsPath = (eventId: string) => `/events/${encodeURIComponent(eventId)}/tickets`;
const ticketPath = (eventId: string, ticketId: string) =>
  `${ticketsPath(eventId)}/${encodeURIComponent(ticketId)}`;

export async function listTickets(eventId: string, signal?: AbortSignal): Promise<Ticket[]> {
  return (await api.get<DataEnvelope<Ticket[]>>(ticketsPath(eventId), signal ? { signal } : {})).data;
}

export async function createTicket(eventId: string, request: TicketRequest): Promise<Ticket> {
  return (await api.post<DataEnvelope<Ticket>>(ticketsPath(eventId), request)).data;
}

export async function updateTicket(
  eventId: string,
  ticketId: string,
  request: TicketRequest,
): Promise<Ticket> {
  return (await api.put<DataEnvelope<Ticket>>(ticketPath(eventId, ticketId), request)).data;
}

export async function deleteTicket(eventId: string, ticketId: string): Promise<void> {
  await api.delete(ticketPath(eventId, ticketId));
}

export async function sortTickets(eventId: string, ticketIds: string[]): Promise<Ticket[]> {
  return (await api.put<DataEnvelope<Ticket[]>>(`${ticketsPath(eventId)}/sort`, { ticket_ids: ticketIds }))
    .data;
}

export async function setTicketPaused(eventId: string, ticketId: string, paused: boolean): Promise<Ticket> {
  const action = paused ? 'pause' : 'resume';
  return (await api.post<DataEnvelope<Ticket>>(`${ticketPath(eventId, ticketId)}/${action}`, {})).data;
}

/**
 * The account's taxes and fees for the ticket form. Organizers may not read them: their 403 only leaves the
 * section out, so it must not run the client's 401/403 handling, which sends `/manage/event/...` to the login.
 */
export async function listTaxesForTickets(signal?: AbortSignal): Promise<TaxOrFee[]> {
  const options = { skipAuthRedirect: true, ...(signal ? { signal } : {}) };
  return (await api.get<DataEnvelope<TaxOrFee[]>>('/account/taxes-and-fees', options)).data;
}

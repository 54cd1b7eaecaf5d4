import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useNavigate } from 'react-router';
import { publicApi } from '../../shared/api/clients';
import { amountText } from '../../shared/forms/amount';
import { currencyExponent, formatMoney } from '../../shared/intl/eventFormat';
import { publicEventMessages, ticketSelectorMessages as m } from './messages';
import { WaitingListJoin } from './WaitingListJoin';
import {
  donationMinimum,
  fitSelection,
  isBuyable,
  optionKey,
  quantityChoices,
  selectionProblems,
  toOrderRequest,
  type OrderRequest,
  type PublicPrice,
  type PublicTicket,
  type Selection,
} from './ticketSelection';

/** The headline price in the event's display mode: all in ("incl."), or before taxes and fees ("plus …"). */
function PriceText({
  ticket,
  price,
  currency,
}: {
  ticket: PublicTicket;
  price: PublicPrice;
  currency: string;
}) {
  const intl = useIntl();
  const money = (amount: number) => formatMoney(intl, amount, currency);
  if (ticket.type === 'FREE')
    return <span className="ticket-option__price">{intl.formatMessage(m.free)}</span>;
  if (ticket.type === 'DONATION')
    return (
      <span className="ticket-option__price">
        {intl.formatMessage(m.donationMinimum, { amount: money(donationMinimum(ticket, price)) })}
      </span>
    );
  const charges = [...price.taxes, ...price.fees].reduce((sum, charge) => sum + charge.amount, 0);
  return (
    <span className="ticket-option__price">
      <strong>{money(price.amount)}</strong>
      {price.promo_applied && price.amount_before_discount !== price.amount ? (
        <s className="ticket-option__was">
          {intl.formatMessage(m.was, { amount: money(price.amount_before_discount) })}
        </s>
      ) : null}
      {charges > 0 ? (
        <span className="ticket-option__charges">
          {ticket.price_display_mode === 'INCLUSIVE'
            ? intl.formatMessage(m.inclusive)
            : intl.formatMessage(m.plusCharges, { amount: money(charges) })}
        </span>
      ) : null}
    </span>
  );
}

function stateText(intl: IntlShape, ticket: PublicTicket, timeZone: string): string | null {
  switch (ticket.state) {
    case 'SOLD_OUT':
      return intl.formatMessage(m.soldOut);
    case 'SALE_ENDED':
      return intl.formatMessage(m.saleEnded);
    case 'NOT_ON_SALE':
      return ticket.sale_start && Date.parse(ticket.sale_start) > Date.now()
        ? intl.formatMessage(m.onSaleFrom, {
            date: intl.formatDate(ticket.sale_start, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
          })
        : intl.formatMessage(m.notOnSale);
    case 'PAUSED':
    case 'HIDDEN':
      return intl.formatMessage(m.notOnSale);
    case 'PAYMENT_SETUP_INCOMPLETE':
      return intl.formatMessage(m.paymentSetupIncomplete);
    case 'ON_SALE':
      return null;
  }
}

/** The page's promo code (`?promo_code=`) and whether it applies: valid and not used up. */
export interface PagePromo {
  code: string;
  valid: boolean;
}

/** What the promo field says: one message at a time, right under the field, never two that disagree. */
function promoMessage(
  intl: IntlShape,
  promo: PagePromo | null,
  refused: string | null,
): { text: string; ok: boolean } | null {
  const applied = promo?.valid ? promo.code : null;
  if (refused !== null)
    return {
      text: applied
        ? intl.formatMessage(publicEventMessages.promoInvalidKeeping, { code: applied })
        : intl.formatMessage(publicEventMessages.promoInvalid),
      ok: false,
    };
  if (promo && !promo.valid) return { text: intl.formatMessage(publicEventMessages.promoInvalid), ok: false };
  if (applied)
    return { text: intl.formatMessage(publicEventMessages.promoApplied, { code: applied }), ok: true };
  return null;
}

/**
 * The public page's ticket selector: each ticket (and tier) with its price in the event's display mode, a
 * quantity bounded by the order limits and what is left, a donation amount, the sale states, a promo code
 * (checked, then applied through the page's `?promo_code=`, the buyer's choice kept) and Continue, which hands
 * the order request to `onCheckout` (absent: the checkout is not open, the button stays disabled).
 */
export function TicketSelector({
  eventId,
  tickets,
  currency,
  timeZone,
  continueText,
  promo,
  onCheckout,
  busy = false,
  problem = null,
}: {
  eventId: string;
  tickets: readonly PublicTicket[];
  currency: string;
  timeZone: string;
  continueText: string;
  promo: PagePromo | null;
  onCheckout?: ((request: OrderRequest) => void) | undefined;
  busy?: boolean;
  problem?: string | null;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const id = useId();
  const exponent = currencyExponent(currency);
  // What the buyer picked, kept when a promo code reprices the page; shown as it fits the tickets now.
  const [picked, setPicked] = useState<Selection>({});
  const selection = fitSelection(tickets, picked);
  const [submitted, setSubmitted] = useState(false);
  const [code, setCode] = useState(promo?.code ?? '');
  /** The code the last Apply was refused for (the page's own code, if any, still applies). */
  const [refused, setRefused] = useState<string | null>(null);
  /** Apply was pressed: once its answer shows, the message is brought into view (a phone scrolls). */
  const [answered, setAnswered] = useState(0);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const appliedCode = promo?.valid ? promo.code : null;
  const message = promoMessage(intl, promo, refused);
  const problems = selectionProblems(tickets, selection, exponent);
  const pick = (key: string, change: Partial<Selection[string]>) =>
    setPicked((current) => ({ ...current, [key]: { quantity: 0, ...current[key], ...change } }));

  useEffect(() => {
    if (answered > 0) messageRef.current?.scrollIntoView({ block: 'nearest' });
  }, [answered, message?.text]);

  const applyCode = async () => {
    const wanted = code.trim();
    if (!wanted) return;
    let valid = false;
    try {
      const answer = await publicApi.call('GET /public/events/{id}/promo-codes/{code}', {
        params: { id: eventId, code: wanted },
      });
      valid = answer.valid;
    } catch {
      // A failed check reads as "invalid", as the page's own check does.
    }
    setRefused(valid ? null : wanted);
    setAnswered((count) => count + 1);
    // The page reloads its tickets with the code; the buyer stays where they are, their choice kept.
    if (valid)
      await navigate({ search: `?promo_code=${encodeURIComponent(wanted)}` }, { preventScrollReset: true });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (problems.length > 0 || !onCheckout || busy) return;
    onCheckout(toOrderRequest(tickets, selection, exponent, appliedCode));
  };

  if (tickets.length === 0)
    return (
      <div className="light-non-ideal light-non-ideal--compact" role="status">
        <h3 className="light-non-ideal__title">
          {intl.formatMessage(publicEventMessages.ticketsNotOnSaleTitle)}
        </h3>
        <p className="light-non-ideal__description">{intl.formatMessage(m.noTickets)}</p>
      </div>
    );

  return (
    <form className="ticket-selector" onSubmit={submit} noValidate>
      <ul className="ticket-selector__list">
        {tickets.map((ticket) => {
          const state = stateText(intl, ticket, timeZone);
          return (
            <li key={ticket.id} className="ticket-option">
              <div className="ticket-option__head">
                <h3 className="ticket-option__title">{ticket.title}</h3>
                {state ? <span className="ticket-option__state">{state}</span> : null}
              </div>
              {ticket.description ? (
                // The server sanitises a ticket's description as it does the event's.
                <div
                  className="ticket-option__description"
                  dangerouslySetInnerHTML={{ __html: ticket.description }}
                />
              ) : null}
              {ticket.prices.map((price) => {
                const key = optionKey(ticket.id, price.tier_id);
                const name = price.label ? `${ticket.title} – ${price.label}` : ticket.title;
                const choices = quantityChoices(ticket, price);
                const chosen = selection[key];
                const donationError =
                  submitted &&
                  problems.some(
                    (problem) => problem.key === key && problem.problem === 'donation_below_minimum',
                  );
                const amountId = `${id}-${key}-amount`;
                return (
                  <div key={key} className="ticket-option__row">
                    <div className="ticket-option__what">
                      {price.label ? <span className="ticket-option__tier">{price.label}</span> : null}
                      <PriceText ticket={ticket} price={price} currency={currency} />
                      {price.remaining !== null && isBuyable(ticket, price) ? (
                        <span className="ticket-option__left">
                          {intl.formatMessage(m.left, { count: price.remaining })}
                        </span>
                      ) : null}
                      {price.sold_out && ticket.state === 'ON_SALE' ? (
                        <span className="ticket-option__state">{intl.formatMessage(m.soldOut)}</span>
                      ) : null}
                    </div>
                    {ticket.type === 'DONATION' && isBuyable(ticket, price) ? (
                      <div className="ticket-option__donation">
                        <label htmlFor={amountId}>
                          {intl.formatMessage(m.donationAmount, { title: ticket.title, currency })}
                        </label>
                        <input
                          id={amountId}
                          className="public-input"
                          inputMode="decimal"
                          value={chosen?.amount ?? amountText(donationMinimum(ticket, price), exponent)}
                          aria-invalid={donationError || undefined}
                          aria-describedby={donationError ? `${amountId}-error` : undefined}
                          onChange={(changed) => pick(key, { amount: changed.currentTarget.value })}
                        />
                        {donationError ? (
                          <span
                            className="public-notice public-notice--danger ticket-option__error"
                            id={`${amountId}-error`}
                          >
                            {intl.formatMessage(m.donationTooLow, {
                              amount: formatMoney(intl, price.amount, currency),
                            })}
                          </span>
                        ) : null}
                      </div>
                    ) : null}
                    <select
                      className="public-select ticket-option__quantity"
                      aria-label={intl.formatMessage(m.quantity, { title: name })}
                      value={chosen?.quantity ?? 0}
                      disabled={choices.length === 1}
                      onChange={(changed) => pick(key, { quantity: Number(changed.currentTarget.value) })}
                    >
                      {choices.map((quantity) => (
                        <option key={quantity} value={quantity}>
                          {quantity}
                        </option>
                      ))}
                    </select>
                  </div>
                );
              })}
              {ticket.waiting_list && ticket.state === 'SOLD_OUT' ? (
                <WaitingListJoin eventId={eventId} ticket={ticket} tierId={null} />
              ) : null}
              {ticket.waiting_list && ticket.state === 'ON_SALE'
                ? ticket.prices
                    .filter((price) => price.sold_out && price.tier_id !== null)
                    .map((price) => (
                      <WaitingListJoin
                        key={price.tier_id}
                        eventId={eventId}
                        ticket={ticket}
                        tierId={price.tier_id}
                      />
                    ))
                : null}
            </li>
          );
        })}
      </ul>

      <div className="ticket-selector__promo">
        <label htmlFor={`${id}-promo`}>{intl.formatMessage(m.promoLabel)}</label>
        <div className="ticket-selector__promo-row">
          <input
            id={`${id}-promo`}
            className="public-input"
            value={code}
            autoComplete="off"
            aria-invalid={(message !== null && !message.ok) || undefined}
            aria-describedby={message ? `${id}-promo-message` : undefined}
            onChange={(changed) => setCode(changed.currentTarget.value)}
            onKeyDown={(key) => {
              if (key.key === 'Enter') {
                key.preventDefault();
                void applyCode();
              }
            }}
          />
          <button type="button" className="public-button-secondary" onClick={() => void applyCode()}>
            {intl.formatMessage(m.promoApply)}
          </button>
        </div>
        <div role="status">
          {message ? (
            <p
              ref={messageRef}
              className={`public-notice ticket-option__error ${message.ok ? 'public-notice--success' : 'public-notice--danger'}`}
              id={`${id}-promo-message`}
            >
              {message.text}
            </p>
          ) : null}
        </div>
      </div>

      {submitted && problems.some((problem) => problem.problem === 'nothing_chosen') ? (
        <p className="public-notice public-notice--danger ticket-option__error" role="alert">
          {intl.formatMessage(m.nothingChosen)}
        </p>
      ) : null}
      {problem ? (
        <p className="ticket-option__error" role="alert">
          {problem}
        </p>
      ) : null}
      <button
        type="submit"
        className="event-home__button"
        disabled={!onCheckout}
        aria-disabled={busy || undefined}
      >
        {busy ? intl.formatMessage(m.reserving) : continueText}
      </button>
    </form>
  );
}

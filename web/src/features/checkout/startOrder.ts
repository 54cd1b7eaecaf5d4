import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError, type ApiError } from '../../shared/api/ApiError';
import { useLocale } from '../../shared/intl/LocaleProvider';
import { checkoutApi, type CreateOrderBody } from './api';
import { checkoutPath } from './paths';
import {
  affiliateFor,
  answerEndsAttempt,
  attemptFor,
  browserStore,
  currentOrder,
  finishAttempt,
  rememberOrder,
} from './orderMemory';

/** What the public page's ticket selector hands over (publicEvent/ticketSelection.ts `OrderRequest`). */
export interface StartRequest {
  lines: { ticketId: string; tierId?: string; quantity: number; amount?: number }[];
  promoCode?: string;
}

export function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older browsers: a version-4 UUID from getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The order request the API takes for a selection, with the buyer's language and the event's affiliate code. */
export function toCreateOrderBody(
  request: StartRequest,
  extra: { locale: CreateOrderBody['locale']; affiliateCode: string | null },
): Omit<CreateOrderBody, 'order_id' | 'replaces_order_id'> {
  return {
    lines: request.lines.map((line) => ({
      ticket_id: line.ticketId,
      ...(line.tierId === undefined ? {} : { tier_id: line.tierId }),
      quantity: line.quantity,
      ...(line.amount === undefined ? {} : { amount: line.amount }),
    })),
    ...(request.promoCode ? { promo_code: request.promoCode } : {}),
    ...(extra.affiliateCode ? { affiliate_code: extra.affiliateCode } : {}),
    ...(extra.locale ? { locale: extra.locale } : {}),
  };
}

/**
 * Starts the checkout from the ticket selector: reserves the tickets (`POST …/orders`), remembers the order for
 * the event and opens its details step. While a request is on its way a second Continue does nothing; a retry
 * of the same selection reuses the same order id and `Idempotency-Key`.
 */
export function useStartCheckout(
  eventId: string,
  options: {
    /** Where the details step opens; the current page by default (the widget may open a new tab). */
    open?: (path: string) => void;
  } = {},
) {
  const { open } = options;
  const navigate = useNavigate();
  const { locale } = useLocale();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const inFlight = useRef(false);

  const start = useCallback(
    async (request: StartRequest) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setPending(true);
      setError(null);
      const store = browserStore();
      const body = toCreateOrderBody(request, {
        locale,
        affiliateCode: affiliateFor(store, eventId, Date.now()),
      });
      const attempt = attemptFor(store, eventId, body, newId);
      const previous = currentOrder(store, eventId);
      try {
        const order = await checkoutApi.createOrder(
          eventId,
          {
            ...body,
            order_id: attempt.orderId,
            ...(previous && previous.orderId !== attempt.orderId
              ? { replaces_order_id: previous.orderId }
              : {}),
          },
          attempt.idempotencyKey,
        );
        finishAttempt(store, eventId);
        rememberOrder(store, eventId, { orderId: order.id, shortId: order.short_id });
        const path = checkoutPath(eventId, order.short_id, 'details');
        if (open) open(path);
        else await navigate(path);
      } catch (failure) {
        // A refusal is final for this request; a lost answer or a server error keeps the attempt for the retry.
        if (isApiError(failure) && answerEndsAttempt(failure.status)) finishAttempt(store, eventId);
        setError(isApiError(failure) ? failure : null);
        if (!isApiError(failure)) throw failure;
      } finally {
        inFlight.current = false;
        setPending(false);
      }
    },
    [eventId, locale, navigate, open],
  );

  return { start, pending, error };
}

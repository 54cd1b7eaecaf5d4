import { describe, expect, it } from 'vitest';
import {
  affiliateFor,
  answerEndsAttempt,
  attemptFor,
  currentOrder,
  finishAttempt,
  rememberAffiliate,
  rememberOrder,
  type KeyValueStore,
} from './orderMemory';

function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

const ids = () => {
  let n = 0;
  return () => `id-${++n}`;
};

describe('the checkout memory', () => {
  it('answers the same attempt for the same request until it is finished (double click, retry)', () => {
    const store = memoryStore();
    const newId = ids();
    const request = { lines: [{ ticket_id: 'tk_1', quantity: 2 }] };
    const first = attemptFor(store, 'ev_1', request, newId);
    expect(attemptFor(store, 'ev_1', { lines: [{ ticket_id: 'tk_1', quantity: 2 }] }, newId)).toEqual(first);
    finishAttempt(store, 'ev_1');
    const next = attemptFor(store, 'ev_1', request, newId);
    expect(next.orderId).not.toBe(first.orderId);
    expect(next.idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('ends an attempt on an order or a refusal, not on a lost answer or a server error', () => {
    expect(answerEndsAttempt(201)).toBe(true);
    expect(answerEndsAttempt(409)).toBe(true);
    expect(answerEndsAttempt(422)).toBe(true);
    expect(answerEndsAttempt(0)).toBe(false);
    // `not_ready`: the order and its hold are recorded, only not yet readable.
    expect(answerEndsAttempt(503)).toBe(false);
    expect(answerEndsAttempt(500)).toBe(false);
  });

  it('starts a new attempt for another selection, and keeps events apart', () => {
    const store = memoryStore();
    const newId = ids();
    const first = attemptFor(store, 'ev_1', { lines: [{ quantity: 1 }] }, newId);
    expect(attemptFor(store, 'ev_1', { lines: [{ quantity: 2 }] }, newId).orderId).not.toBe(first.orderId);
    expect(attemptFor(store, 'ev_2', { lines: [{ quantity: 2 }] }, newId).orderId).not.toBe(first.orderId);
  });

  it('remembers the current order per event and forgets it on request', () => {
    const store = memoryStore();
    rememberOrder(store, 'ev_1', { orderId: 'o-1', shortId: 'short' });
    expect(currentOrder(store, 'ev_1')).toEqual({ orderId: 'o-1', shortId: 'short' });
    expect(currentOrder(store, 'ev_2')).toBeNull();
    rememberOrder(store, 'ev_1', null);
    expect(currentOrder(store, 'ev_1')).toBeNull();
  });

  it('ignores what it cannot read and works without storage', () => {
    const store = memoryStore();
    store.setItem('checkout.current.ev_1', '{not json');
    expect(currentOrder(store, 'ev_1')).toBeNull();
    store.setItem('checkout.current.ev_1', JSON.stringify({ orderId: 1 }));
    expect(currentOrder(store, 'ev_1')).toBeNull();
    expect(currentOrder(null, 'ev_1')).toBeNull();
    expect(attemptFor(null, 'ev_1', {}, ids()).orderId).toBe('id-1');
  });

  it('keeps an affiliate code for 30 days', () => {
    const store = memoryStore();
    const day = 86_400_000;
    rememberAffiliate(store, 'ev_1', ' PARTNER ', 0);
    expect(affiliateFor(store, 'ev_1', 29 * day)).toBe('PARTNER');
    expect(affiliateFor(store, 'ev_2', day)).toBeNull();
    expect(affiliateFor(store, 'ev_1', 30 * day)).toBeNull();
    expect(store.map.size).toBe(0);
  });
});

import type { OrderDetail } from './api';

/**
 * Whether a member cancelled the order. Its status does not always say so: a refund's status wins over the
 * cancellation (docs/orders.md, "Statuses"), so a cancelled order that was refunded reads REFUNDED. The order's
 * history has the cancellation, which is final.
 */
export function wasCancelled(order: Pick<OrderDetail, 'history'>): boolean {
  return order.history.some((entry) => entry.type === 'OrderCancelled');
}

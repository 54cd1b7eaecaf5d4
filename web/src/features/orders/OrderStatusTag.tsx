import { Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { OrderStatus } from './api';
import { orderStatusMessages } from './messages';

export type Tone = 'orange' | 'red' | 'teal' | 'grey';

/**
 * The spec's status colours: orange while money is pending (awaiting payment, refund pending, partially
 * refunded), red when the order is off (cancelled, refunded, refund failed, payment failed), teal when completed; grey for an order still in checkout or given up. Own colours (orders.css), dark enough
 * for the contrast checks on striped rows in both schemes.
 */
const toneOf: Record<OrderStatus, Tone> = {
  AWAITING_PAYMENT: 'orange',
  CANCELLED: 'red',
  COMPLETED: 'teal',
  AWAITING_DETAILS: 'grey',
  RESERVED: 'grey',
  EXPIRED: 'grey',
  ABANDONED: 'grey',
  PAYMENT_FAILED: 'red',
  REFUND_PENDING: 'orange',
  PARTIALLY_REFUNDED: 'orange',
  REFUNDED: 'red',
  REFUND_FAILED: 'red',
};

export function ToneTag({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <Tag round minimal className={`status-tone status-tone--${tone}`}>
      {children}
    </Tag>
  );
}

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const intl = useIntl();
  return <ToneTag tone={toneOf[status]}>{intl.formatMessage(orderStatusMessages[status])}</ToneTag>;
}

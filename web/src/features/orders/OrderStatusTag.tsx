import { Tag, type Intent } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import type { OrderStatus } from './api';
import { orderStatusMessages } from './messages';

/**
 * The spec's status colours: orange while money is pending (awaiting payment; refund pending and partial
 * refunds when issue 13 adds them), red when the order is off (cancelled; refunded and failed payments later),
 * teal when completed; grey for an order still in checkout or given up.
 */
const intentOf: Record<OrderStatus, Intent | 'teal'> = {
  AWAITING_PAYMENT: 'warning',
  CANCELLED: 'danger',
  COMPLETED: 'teal',
  AWAITING_DETAILS: 'none',
  RESERVED: 'none',
  EXPIRED: 'none',
  ABANDONED: 'none',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const intl = useIntl();
  const intent = intentOf[status];
  return (
    <Tag
      round
      minimal
      intent={intent === 'teal' ? 'none' : intent}
      className={intent === 'teal' ? 'order-status--teal' : undefined}
    >
      {intl.formatMessage(orderStatusMessages[status])}
    </Tag>
  );
}

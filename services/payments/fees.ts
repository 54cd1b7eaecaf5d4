import type { StripeConfig } from '../kit/config';

/**
 * The platform's application fee on an order total (minor units): the fixed part plus the percentage, rounded
 * half up to a whole minor unit, never more than the total. The order payment step sends it as the
 * PaymentIntent's `application_fee_amount` and records it in `PlatformFeeCharged`.
 */
export function applicationFeeFor(total: number, fee: StripeConfig['applicationFee']): number {
  if (!fee || total <= 0) return 0;
  const percentPart = Math.round((total * fee.percent) / 100);
  return Math.min(total, fee.fixedMinor + percentPart);
}

import { queryOptions } from '@tanstack/react-query';
import { getBilling, getPaymentConnection } from './api';

export type { PaymentConnection } from './api';

/** Public to other features: the getting-started checklist and the ticket pages read the connection. */
export const paymentQueries = {
  all: ['payment'] as const,
  connection: () =>
    queryOptions({
      queryKey: [...paymentQueries.all, 'connection'] as const,
      queryFn: ({ signal }) => getPaymentConnection(signal),
    }),
  billing: () =>
    queryOptions({
      queryKey: [...paymentQueries.all, 'billing'] as const,
      queryFn: ({ signal }) => getBilling(signal),
    }),
};

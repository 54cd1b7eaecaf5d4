import { queryOptions } from '@tanstack/react-query';
import { listTaxesAndFees } from './api';

export const taxQueries = {
  all: ['taxesAndFees'] as const,
  list: () =>
    queryOptions({
      queryKey: [...taxQueries.all, 'list'] as const,
      queryFn: ({ signal }) => listTaxesAndFees(signal),
    }),
};

import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/clients';
import type {
  GetAccountBillingResponse,
  GetAccountPaymentResponse,
  PostAccountPaymentConnectResponse,
} from '../../shared/api/contract.gen';

export type PaymentConnection = GetAccountPaymentResponse['data'];
export type Billing = GetAccountBillingResponse['data'];
export type ConnectLink = PostAccountPaymentConnectResponse['data'];

export async function getPaymentConnection(signal?: AbortSignal): Promise<PaymentConnection> {
  return (await api.get<GetAccountPaymentResponse>('/account/payment', signal ? { signal } : {})).data;
}

/** Creates (or reuses) the connected account; the browser then goes to the answer's onboarding `url`. */
export async function connectPayment(): Promise<ConnectLink> {
  return (await api.post<PostAccountPaymentConnectResponse>('/account/payment/connect', {})).data;
}

export async function getBilling(signal?: AbortSignal): Promise<Billing> {
  return (await api.get<GetAccountBillingResponse>('/account/billing', signal ? { signal } : {})).data;
}

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

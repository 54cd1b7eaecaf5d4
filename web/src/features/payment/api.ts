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

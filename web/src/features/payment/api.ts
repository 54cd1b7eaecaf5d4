import { api } from '../../shared/api/clients';
import type { ApiResponse } from '../../shared/api/contract.gen';

export type PaymentConnection = ApiResponse<'GET /account/payment'>['data'];
export type Billing = ApiResponse<'GET /account/billing'>['data'];
export type ConnectLink = ApiResponse<'POST /account/payment/connect'>['data'];

export async function getPaymentConnection(signal?: AbortSignal): Promise<PaymentConnection> {
  return (await api.call('GET /account/payment', { signal })).data;
}

/** Creates (or reuses) the connected account; the browser then goes to the answer's onboarding `url`. */
export async function connectPayment(): Promise<ConnectLink> {
  return (await api.call('POST /account/payment/connect', { body: {} })).data;
}

export async function getBilling(signal?: AbortSignal): Promise<Billing> {
  return (await api.call('GET /account/billing', { signal })).data;
}

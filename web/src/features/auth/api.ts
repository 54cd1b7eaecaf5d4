import { api } from '../../shared/api/clients';
import type { DataEnvelope, User, UserRole } from '../../shared/api/types';

export interface LoginRequest {
  email: string;
  password: string;
  /** The account to log in to, for someone who belongs to several. */
  account_id?: string;
}

export interface AccountChoice {
  id: string;
  name: string;
  role: UserRole;
}

export type LoginResult =
  | { kind: 'session'; token: string; expiresAt: string | null; user: User | null }
  /** Several accounts and none chosen yet: ask which, then log in again with `account_id`. */
  | { kind: 'choose-account'; accounts: AccountChoice[] };

interface SessionBody {
  token?: string | null;
  expires_at?: string;
  user?: User;
  accounts?: AccountChoice[];
}

function toSession(response: { data: SessionBody | undefined; headers: Headers }): LoginResult {
  const token = response.data?.token ?? response.headers.get('X-Auth-Token');
  if (!token) throw new Error('The answer carried no token');
  return {
    kind: 'session',
    token,
    expiresAt: response.data?.expires_at ?? null,
    user: response.data?.user ?? null,
  };
}

/** `POST /api/auth/login`. The token comes in the body (`token`) or the `X-Auth-Token` header. */
export async function login(credentials: LoginRequest): Promise<LoginResult> {
  const response = await api.request<SessionBody | undefined>('POST', '/auth/login', {
    body: credentials,
    skipAuthRedirect: true,
  });
  if (response.data?.token === null && response.data.accounts) {
    return { kind: 'choose-account', accounts: response.data.accounts };
  }
  return toSession(response);
}

/** `POST /api/auth/logout` (204). */
export async function logout(): Promise<void> {
  await api.post<undefined>('/auth/logout', undefined, { skipAuthRedirect: true });
}

export interface RegisterRequest {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirmation: string;
  timezone: string;
  locale: string;
}

/**
 * `POST /api/auth/register`: answered the same whether the address is new or already has a login (a mail
 * follows either way: the confirmation, or a note to the address's owner), so it logs nobody in.
 */
export async function register(payload: RegisterRequest): Promise<void> {
  await api.post('/auth/register', payload, { skipAuthRedirect: true });
}

/** `POST /api/auth/forgot-password`: the same answer whether the address is known or not. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.post('/auth/forgot-password', { email }, { skipAuthRedirect: true });
}

/** `GET /api/auth/reset-password/{token}`: rejects with 410 `invalid_token` for an unknown, used or expired link. */
export async function checkResetLink(token: string, signal?: AbortSignal): Promise<true> {
  await api.get(`/auth/reset-password/${encodeURIComponent(token)}`, {
    skipAuthRedirect: true,
    ...(signal ? { signal } : {}),
  });
  return true;
}

export async function resetPassword(
  token: string,
  payload: { password: string; password_confirmation: string },
): Promise<void> {
  await api.post(`/auth/reset-password/${encodeURIComponent(token)}`, payload, { skipAuthRedirect: true });
}

export interface Invitation {
  email: string;
  first_name: string;
  last_name: string;
  account_name: string;
  role: UserRole;
  /** They already have a login (in another account): their password accepts. */
  existing_user: boolean;
}

export async function getInvitation(token: string, signal?: AbortSignal): Promise<Invitation> {
  const response = await api.get<DataEnvelope<Invitation>>(`/auth/invitation/${encodeURIComponent(token)}`, {
    skipAuthRedirect: true,
    ...(signal ? { signal } : {}),
  });
  return response.data;
}

export type AcceptInvitationRequest =
  | {
      first_name: string;
      last_name: string;
      password: string;
      password_confirmation: string;
      timezone: string;
      locale: string;
    }
  | { password: string };

export async function acceptInvitation(token: string, payload: AcceptInvitationRequest): Promise<void> {
  await api.post(`/auth/invitation/${encodeURIComponent(token)}`, payload, { skipAuthRedirect: true });
}

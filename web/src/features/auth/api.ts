import { api } from '../../shared/api/clients';
import type { ApiBody, ApiResponse } from '../../shared/api/contract.gen';
import { matchLocale, type LocaleCode } from '../../shared/intl/locale';

export type LoginRequest = ApiBody<'POST /auth/login'>;
type LoginAnswer = ApiResponse<'POST /auth/login'>;
type Session = Extract<LoginAnswer, { token: string }>;
export type AccountChoice = Extract<LoginAnswer, { token: null }>['accounts'][number];

export type LoginResult =
  | { kind: 'session'; token: string; expiresAt: string; user: Session['user'] }
  /** Several accounts and none chosen yet: ask which, then log in again with `account_id`. */
  | { kind: 'choose-account'; accounts: AccountChoice[] };

/** `POST /api/auth/login`: the session's token, or the accounts to choose from. */
export async function login(credentials: LoginRequest): Promise<LoginResult> {
  const answer = await api.call('POST /auth/login', { body: credentials, skipAuthRedirect: true });
  if (answer.token === null) return { kind: 'choose-account', accounts: answer.accounts };
  return { kind: 'session', token: answer.token, expiresAt: answer.expires_at, user: answer.user };
}

/** `POST /api/auth/logout` (204). */
export async function logout(): Promise<void> {
  await api.call('POST /auth/logout', { skipAuthRedirect: true });
}

/** A form's language as the API takes it: one of the offered locales (the select offers no other). */
function localeOf(value: string): LocaleCode | undefined {
  return matchLocale(value) ?? undefined;
}

/** The registration form's fields, as typed: the body's, but for the account's name and currency. */
export type RegisterValues = Record<
  Exclude<keyof ApiBody<'POST /auth/register'>, 'account_name' | 'currency'>,
  string
>;

/**
 * `POST /api/auth/register`: answered the same whether the address is new or already has a login (a mail
 * follows either way: the confirmation, or a note to the address's owner), so it logs nobody in.
 */
export async function register(values: RegisterValues): Promise<void> {
  await api.call('POST /auth/register', {
    body: { ...values, locale: localeOf(values.locale) },
    skipAuthRedirect: true,
  });
}

/** `POST /api/auth/forgot-password`: the same answer whether the address is known or not. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.call('POST /auth/forgot-password', { body: { email }, skipAuthRedirect: true });
}

/** `GET /api/auth/reset-password/{token}`: rejects with 410 `invalid_token` for an unknown, used or expired link. */
export async function checkResetLink(token: string, signal?: AbortSignal): Promise<true> {
  await api.call('GET /auth/reset-password/{token}', { params: { token }, skipAuthRedirect: true, signal });
  return true;
}

export async function resetPassword(
  token: string,
  body: ApiBody<'POST /auth/reset-password/{token}'>,
): Promise<void> {
  await api.call('POST /auth/reset-password/{token}', { params: { token }, body, skipAuthRedirect: true });
}

/** An invitation as its link shows it; `existing_user`: they already have a login (in another account). */
export type Invitation = ApiResponse<'GET /auth/invitation/{token}'>['data'];

export async function getInvitation(token: string, signal?: AbortSignal): Promise<Invitation> {
  return (
    await api.call('GET /auth/invitation/{token}', { params: { token }, skipAuthRedirect: true, signal })
  ).data;
}

/** A newcomer's acceptance, as the form's fields hold it. */
export type NewMemberValues = Record<
  keyof Extract<ApiBody<'POST /auth/invitation/{token}'>, { first_name: string }>,
  string
>;

/** Someone who already has a login accepts with its password alone. */
export async function acceptInvitation(
  token: string,
  values: NewMemberValues | { password: string },
): Promise<void> {
  const body = 'first_name' in values ? { ...values, locale: localeOf(values.locale) } : values;
  await api.call('POST /auth/invitation/{token}', { params: { token }, body, skipAuthRedirect: true });
}

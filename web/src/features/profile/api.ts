import { api } from '../../shared/api/clients';
import type { ApiBody } from '../../shared/api/contract.gen';
import type { User } from '../../shared/api/types';

export type ProfileChanges = ApiBody<'PUT /users/me'>;

/** `PUT /api/users/me`: a new email waits for its link; a new password needs the current one. */
export async function updateProfile(changes: ProfileChanges): Promise<User> {
  return (await api.call('PUT /users/me', { body: changes })).data;
}

export async function resendEmailConfirmation(userId: string): Promise<void> {
  await api.call('POST /users/{id}/resend-email-confirmation', { params: { id: userId } });
}

export async function confirmEmailAddress(userId: string, token: string): Promise<User> {
  return (await api.call('POST /users/{id}/confirm-email/{token}', { params: { id: userId, token } })).data;
}

export async function confirmEmailChange(userId: string, token: string): Promise<User> {
  return (await api.call('POST /users/{id}/email-change/{token}', { params: { id: userId, token } })).data;
}

export async function cancelEmailChange(userId: string): Promise<User> {
  return (await api.call('DELETE /users/{id}/email-change', { params: { id: userId } })).data;
}

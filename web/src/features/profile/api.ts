import { api } from '../../shared/api/clients';
import type { DataEnvelope, User } from '../../shared/api/types';

export interface ProfileChanges {
  first_name?: string;
  last_name?: string;
  email?: string;
  timezone?: string;
  locale?: string;
  current_password?: string;
  password?: string;
  password_confirmation?: string;
}

/** `PUT /api/users/me`: a new email waits for its link; a new password needs the current one. */
export async function updateProfile(changes: ProfileChanges): Promise<User> {
  return (await api.put<DataEnvelope<User>>('/users/me', changes)).data;
}

export async function resendEmailConfirmation(userId: string): Promise<void> {
  await api.post(`/users/${encodeURIComponent(userId)}/resend-email-confirmation`);
}

export async function confirmEmailAddress(userId: string, token: string): Promise<User> {
  return (
    await api.post<DataEnvelope<User>>(
      `/users/${encodeURIComponent(userId)}/confirm-email/${encodeURIComponent(token)}`,
    )
  ).data;
}

export async function confirmEmailChange(userId: string, token: string): Promise<User> {
  return (
    await api.post<DataEnvelope<User>>(
      `/users/${encodeURIComponent(userId)}/email-change/${encodeURIComponent(token)}`,
    )
  ).data;
}

export async function cancelEmailChange(userId: string): Promise<User> {
  return (await api.delete<DataEnvelope<User>>(`/users/${encodeURIComponent(userId)}/email-change`)).data;
}

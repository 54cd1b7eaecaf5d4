import { api } from '../../shared/api/clients';
import type { ApiBody, ApiResponse } from '../../shared/api/contract.gen';
import type { RouteQuery } from '../../shared/api/routes';

/** A member of the account's team, as `GET /api/users` lists them. */
export type TeamMember = ApiResponse<'GET /users'>['data'][number];
export type MemberStatus = TeamMember['status'];
export type InvitationStatus = NonNullable<TeamMember['invitation_status']>;

export async function listMembers(
  query: RouteQuery<'GET /users'>,
  signal?: AbortSignal,
): Promise<ApiResponse<'GET /users'>> {
  return api.call('GET /users', { query, signal });
}

export type InviteRequest = ApiBody<'POST /users'>;

export async function inviteMember(payload: InviteRequest): Promise<TeamMember> {
  return (await api.call('POST /users', { body: payload })).data;
}

export async function updateMember(id: string, changes: ApiBody<'PUT /users/{id}'>): Promise<TeamMember> {
  return (await api.call('PUT /users/{id}', { params: { id }, body: changes })).data;
}

export async function resendInvitation(id: string): Promise<TeamMember> {
  return (await api.call('POST /users/{id}/invitation', { params: { id } })).data;
}

export async function revokeInvitation(id: string): Promise<TeamMember> {
  return (await api.call('DELETE /users/{id}/invitation', { params: { id } })).data;
}

export async function eraseMember(id: string): Promise<TeamMember> {
  return (await api.call('POST /users/{id}/erase', { params: { id } })).data;
}

import { api } from '../../shared/api/clients';
import type { GetUsersResponse } from '../../shared/api/contract.gen';
import type { QueryObject } from '../../shared/api/http';
import type { DataEnvelope, Paginated, UserRole } from '../../shared/api/types';

/** A member of the account's team, as `GET /api/users` lists them (the generated contract). */
export type TeamMember = GetUsersResponse['data'][number];
export type MemberStatus = TeamMember['status'];
export type InvitationStatus = NonNullable<TeamMember['invitation_status']>;

export async function listMembers(query: QueryObject, signal?: AbortSignal): Promise<Paginated<TeamMember>> {
  return api.get<Paginated<TeamMember>>('/users', { query, ...(signal ? { signal } : {}) });
}

export interface InviteRequest {
  email: string;
  role: UserRole;
  first_name?: string;
  last_name?: string;
}

export async function inviteMember(payload: InviteRequest): Promise<TeamMember> {
  return (await api.post<DataEnvelope<TeamMember>>('/users', payload)).data;
}

export async function updateMember(
  id: string,
  changes: { role?: UserRole; status?: 'ACTIVE' | 'INACTIVE' },
): Promise<TeamMember> {
  return (await api.put<DataEnvelope<TeamMember>>(`/users/${encodeURIComponent(id)}`, changes)).data;
}

export async function resendInvitation(id: string): Promise<TeamMember> {
  return (await api.post<DataEnvelope<TeamMember>>(`/users/${encodeURIComponent(id)}/invitation`)).data;
}

export async function revokeInvitation(id: string): Promise<TeamMember> {
  return (await api.delete<DataEnvelope<TeamMember>>(`/users/${encodeURIComponent(id)}/invitation`)).data;
}

import { api } from '../../shared/api/clients';
import type {
  GetEventsByEventIdCapacityAssignmentsResponse,
  PostEventsByEventIdCapacityAssignmentsBody,
} from '../../shared/api/contract.gen';
import type { DataEnvelope } from '../../shared/api/types';

/** A capacity shared by linked tickets; `used_capacity` is live from the event's inventory. */
export type CapacityAssignment = GetEventsByEventIdCapacityAssignmentsResponse['data'][number];
export type CapacityAssignmentRequest = Required<PostEventsByEventIdCapacityAssignmentsBody>;

const path = (eventId: string) => `/events/${encodeURIComponent(eventId)}/capacity-assignments`;

export async function listCapacityAssignments(
  eventId: string,
  signal?: AbortSignal,
): Promise<CapacityAssignment[]> {
  return (await api.get<DataEnvelope<CapacityAssignment[]>>(path(eventId), signal ? { signal } : {})).data;
}

export async function createCapacityAssignment(
  eventId: string,
  request: CapacityAssignmentRequest,
): Promise<CapacityAssignment> {
  return (await api.post<DataEnvelope<CapacityAssignment>>(path(eventId), request)).data;
}

export async function updateCapacityAssignment(
  eventId: string,
  id: string,
  request: Partial<CapacityAssignmentRequest>,
): Promise<CapacityAssignment> {
  return (
    await api.put<DataEnvelope<CapacityAssignment>>(`${path(eventId)}/${encodeURIComponent(id)}`, request)
  ).data;
}

export async function deleteCapacityAssignment(eventId: string, id: string): Promise<void> {
  await api.delete(`${path(eventId)}/${encodeURIComponent(id)}`);
}

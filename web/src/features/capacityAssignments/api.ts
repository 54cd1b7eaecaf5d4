import { api } from '../../shared/api/clients';
import type { ApiBody, ApiResponse } from '../../shared/api/contract.gen';

/** A capacity shared by linked tickets; `used_capacity` is live from the event's inventory. */
export type CapacityAssignment = ApiResponse<'GET /events/{eventId}/capacity-assignments'>['data'][number];
export type CapacityAssignmentRequest = Required<ApiBody<'POST /events/{eventId}/capacity-assignments'>>;

export async function listCapacityAssignments(
  eventId: string,
  signal?: AbortSignal,
): Promise<CapacityAssignment[]> {
  return (await api.call('GET /events/{eventId}/capacity-assignments', { params: { eventId }, signal })).data;
}

export async function createCapacityAssignment(
  eventId: string,
  request: CapacityAssignmentRequest,
): Promise<CapacityAssignment> {
  return (
    await api.call('POST /events/{eventId}/capacity-assignments', { params: { eventId }, body: request })
  ).data;
}

export async function updateCapacityAssignment(
  eventId: string,
  id: string,
  request: ApiBody<'PUT /events/{eventId}/capacity-assignments/{id}'>,
): Promise<CapacityAssignment> {
  return (
    await api.call('PUT /events/{eventId}/capacity-assignments/{id}', {
      params: { eventId, id },
      body: request,
    })
  ).data;
}

export async function deleteCapacityAssignment(eventId: string, id: string): Promise<void> {
  await api.call('DELETE /events/{eventId}/capacity-assignments/{id}', { params: { eventId, id } });
}

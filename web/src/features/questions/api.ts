import { api } from '../../shared/api/clients';
import type { ApiBody, ApiResponse } from '../../shared/api/contract.gen';

/** A question of the event; the default ones (first name, last name, email) come first and are locked. */
export type Question = ApiResponse<'GET /events/{eventId}/questions'>['data'][number];
export type QuestionType = Question['type'];
export type QuestionRequest = Required<ApiBody<'POST /events/{eventId}/questions'>>;

export async function listQuestions(eventId: string, signal?: AbortSignal): Promise<Question[]> {
  return (await api.call('GET /events/{eventId}/questions', { params: { eventId }, signal })).data;
}

export async function createQuestion(eventId: string, request: QuestionRequest): Promise<Question> {
  return (await api.call('POST /events/{eventId}/questions', { params: { eventId }, body: request })).data;
}

export async function updateQuestion(
  eventId: string,
  id: string,
  request: QuestionRequest,
): Promise<Question> {
  return (
    await api.call('PUT /events/{eventId}/questions/{questionId}', {
      params: { eventId, questionId: id },
      body: request,
    })
  ).data;
}

export async function deleteQuestion(eventId: string, id: string): Promise<void> {
  await api.call('DELETE /events/{eventId}/questions/{questionId}', { params: { eventId, questionId: id } });
}

/** The organizer's own questions (never the default ones) in their new order. */
export async function sortQuestions(eventId: string, questionIds: string[]): Promise<void> {
  await api.call('PUT /events/{eventId}/questions/sort', {
    params: { eventId },
    body: { question_ids: questionIds },
  });
}

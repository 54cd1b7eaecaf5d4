import { api } from '../../shared/api/clients';
import type {
  GetEventsByEventIdQuestionsResponse,
  PostEventsByEventIdQuestionsBody,
} from '../../shared/api/contract.gen';
import type { DataEnvelope } from '../../shared/api/types';

/** A question of the event; the default ones (first name, last name, email) come first and are locked. */
export type Question = GetEventsByEventIdQuestionsResponse['data'][number];
export type QuestionType = Question['type'];
export type QuestionRequest = Required<PostEventsByEventIdQuestionsBody>;

const path = (eventId: string) => `/events/${encodeURIComponent(eventId)}/questions`;

export async function listQuestions(eventId: string, signal?: AbortSignal): Promise<Question[]> {
  return (await api.get<DataEnvelope<Question[]>>(path(eventId), signal ? { signal } : {})).data;
}

export async function createQuestion(eventId: string, request: QuestionRequest): Promise<Question> {
  return (await api.post<DataEnvelope<Question>>(path(eventId), request)).data;
}

export async function updateQuestion(
  eventId: string,
  id: string,
  request: QuestionRequest,
): Promise<Question> {
  return (await api.put<DataEnvelope<Question>>(`${path(eventId)}/${encodeURIComponent(id)}`, request)).data;
}

export async function deleteQuestion(eventId: string, id: string): Promise<void> {
  await api.delete(`${path(eventId)}/${encodeURIComponent(id)}`);
}

/** The organizer's own questions (never the default ones) in their new order. */
export async function sortQuestions(eventId: string, questionIds: string[]): Promise<void> {
  await api.put(`${path(eventId)}/sort`, { question_ids: questionIds });
}

import { api } from '../../shared/api/clients';
import type {
  GetEventsByEventIdEmailTemplatesResponse,
  PostEventsByEventIdEmailTemplatesByKindPreviewResponse,
  PutEventsByEventIdEmailTemplatesByKindBody,
} from '../../shared/api/contract.gen';
import type { DataEnvelope } from '../../shared/api/types';

export type MailTemplate = GetEventsByEventIdEmailTemplatesResponse['data'][number];
export type MailTemplateKind = MailTemplate['kind'];
export type MailTemplateRequest = PutEventsByEventIdEmailTemplatesByKindBody;
export type RenderedMail = PostEventsByEventIdEmailTemplatesByKindPreviewResponse['data'];

const path = (eventId: string) => `/events/${encodeURIComponent(eventId)}/email-templates`;

export async function listMailTemplates(eventId: string, signal?: AbortSignal): Promise<MailTemplate[]> {
  return (await api.get<DataEnvelope<MailTemplate[]>>(path(eventId), signal ? { signal } : {})).data;
}

export async function saveMailTemplate(
  eventId: string,
  kind: MailTemplateKind,
  request: MailTemplateRequest,
): Promise<MailTemplate> {
  return (await api.put<DataEnvelope<MailTemplate>>(`${path(eventId)}/${kind}`, request)).data;
}

export async function resetMailTemplate(eventId: string, kind: MailTemplateKind): Promise<MailTemplate> {
  return (await api.delete<DataEnvelope<MailTemplate>>(`${path(eventId)}/${kind}`)).data;
}

export async function previewMailTemplate(
  eventId: string,
  kind: MailTemplateKind,
  request: MailTemplateRequest,
): Promise<RenderedMail> {
  return (await api.post<DataEnvelope<RenderedMail>>(`${path(eventId)}/${kind}/preview`, request)).data;
}

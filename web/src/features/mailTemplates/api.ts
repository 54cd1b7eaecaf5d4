import { api } from '../../shared/api/clients';
import type { ApiBody, ApiResponse } from '../../shared/api/contract.gen';

export type MailTemplate = ApiResponse<'GET /events/{eventId}/email-templates'>['data'][number];
export type MailTemplateKind = MailTemplate['kind'];
export type MailTemplateRequest = ApiBody<'PUT /events/{eventId}/email-templates/{kind}'>;
export type RenderedMail = ApiResponse<'POST /events/{eventId}/email-templates/{kind}/preview'>['data'];

export async function listMailTemplates(eventId: string, signal?: AbortSignal): Promise<MailTemplate[]> {
  return (await api.call('GET /events/{eventId}/email-templates', { params: { eventId }, signal })).data;
}

export async function saveMailTemplate(
  eventId: string,
  kind: MailTemplateKind,
  request: MailTemplateRequest,
): Promise<MailTemplate> {
  return (
    await api.call('PUT /events/{eventId}/email-templates/{kind}', {
      params: { eventId, kind },
      body: request,
    })
  ).data;
}

export async function resetMailTemplate(eventId: string, kind: MailTemplateKind): Promise<MailTemplate> {
  return (await api.call('DELETE /events/{eventId}/email-templates/{kind}', { params: { eventId, kind } }))
    .data;
}

export async function previewMailTemplate(
  eventId: string,
  kind: MailTemplateKind,
  request: ApiBody<'POST /events/{eventId}/email-templates/{kind}/preview'>,
): Promise<RenderedMail> {
  return (
    await api.call('POST /events/{eventId}/email-templates/{kind}/preview', {
      params: { eventId, kind },
      body: request,
    })
  ).data;
}

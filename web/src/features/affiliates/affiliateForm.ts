import type { ClientErrors } from '../../shared/forms/useForm';
import type { Affiliate, AffiliateCreateRequest, AffiliateUpdateRequest } from './api';
import { affiliateDialogMessages as m } from './messages';

export const FIELDS = ['code', 'name', 'email', 'status'] as const;
export type AffiliateField = (typeof FIELDS)[number];
export type AffiliateValues = Record<AffiliateField, string>;

export function initialValues(affiliate: Affiliate | null): AffiliateValues {
  return {
    code: affiliate?.code ?? '',
    name: affiliate?.name ?? '',
    email: affiliate?.email ?? '',
    status: affiliate?.status ?? 'ACTIVE',
  };
}

/** The client's checks, the same as the server's (services/catalog/affiliates/affiliateDecider.ts). */
export function validate(values: AffiliateValues): ClientErrors<AffiliateField> {
  const errors: ClientErrors<AffiliateField> = {};
  const code = values.code.trim();
  if (code.length < 3 || code.length > 50) errors.code = m.codeLength;
  else if (!/^[A-Za-z0-9_-]+$/.test(code)) errors.code = m.codeCharacters;
  if (values.name.trim() === '') errors.name = m.nameRequired;
  const email = values.email.trim();
  if (email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = m.emailInvalid;
  return errors;
}

export function toCreateRequest(values: AffiliateValues): AffiliateCreateRequest {
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    email: values.email.trim() || null,
    status: values.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
  };
}

/** The code is the affiliate's identity in links already handed out: an edit never sends it. */
export function toUpdateRequest(values: AffiliateValues): AffiliateUpdateRequest {
  const { code: _code, ...rest } = toCreateRequest(values);
  return rest;
}

/** The public page's address that attributes a buyer's orders to the code. */
export function affiliateLink(origin: string, eventPath: string, code: string): string {
  return `${origin}${eventPath}?aff=${encodeURIComponent(code)}`;
}

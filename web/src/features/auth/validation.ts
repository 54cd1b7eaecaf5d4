import type { MessageDescriptor } from 'react-intl';
import { authMessages, passwordMessages, registerMessages } from './messages';

/** The client's copy of the server's rules (spec section 5), for errors before a round trip. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN = 8;
export const NAME_MAX = 50;

export function emailError(value: string): MessageDescriptor | undefined {
  if (!value.trim()) return authMessages.emailRequired;
  if (!EMAIL.test(value.trim())) return authMessages.emailInvalid;
  return undefined;
}

export function newPasswordErrors(password: string, confirmation: string) {
  return {
    password: password.length < PASSWORD_MIN ? passwordMessages.tooShort : undefined,
    password_confirmation: password !== confirmation ? passwordMessages.notSame : undefined,
  };
}

export function nameError(value: string, required: MessageDescriptor): MessageDescriptor | undefined {
  if (!value.trim()) return required;
  if (value.trim().length > NAME_MAX) return registerMessages.nameTooLong;
  return undefined;
}

/** Keeps only the fields that have an error. */
export function withoutEmpty<Field extends string>(
  errors: Partial<Record<Field, MessageDescriptor | undefined>>,
): Partial<Record<Field, MessageDescriptor>> {
  return Object.fromEntries(Object.entries(errors).filter(([, value]) => value !== undefined)) as Partial<
    Record<Field, MessageDescriptor>
  >;
}

import { z } from 'zod';
import { singleLineText } from '../kit/http/validate';
import { isTimeZone } from '../catalog/events/eventDecider';
import { supportedLocales } from '../messaging/locales';
import type { Role } from './accountDecider';

/** Field rules shared by the identity routes (spec section 5); each route's schema sits beside it. */
export const emailField = singleLineText()
  .trim()
  .max(320, 'The email address is too long')
  .email('Enter a valid email address');
export const passwordField = z
  .string()
  .min(8, 'The password must have at least 8 characters')
  .max(1024, 'The password is too long');
export const firstNameField = singleLineText()
  .trim()
  .min(1, 'Enter a first name')
  .max(50, 'The first name must be at most 50 characters');
export const lastNameField = singleLineText()
  .trim()
  .min(1, 'Enter a last name')
  .max(50, 'The last name must be at most 50 characters');
export const timezoneField = singleLineText().trim().max(64).refine(isTimeZone, 'Unknown time zone');
export const localeField = z.enum(supportedLocales, { message: `Use one of ${supportedLocales.join(', ')}` });
export const roleField = z.enum(['ADMIN', 'ORGANIZER'] satisfies Role[], {
  message: 'Use ADMIN or ORGANIZER',
});

/** The spec's wording: "passwords are not the same". */
export const passwordsNotSame = 'The passwords are not the same';

/** Adds the confirmation rule to a schema with `password` and `password_confirmation`. */
export function confirmedPassword<
  Shape extends { password?: string | undefined; password_confirmation?: string | undefined },
>(schema: z.ZodType<Shape>) {
  return schema.refine(
    (value) => value.password === undefined || value.password === value.password_confirmation,
    {
      message: passwordsNotSame,
      path: ['password_confirmation'],
    },
  );
}

/** The identity API's answers (spec section 3): `presentCurrentUser` (services/identity/me.ts), `presentMember`. */
const nullableString = z.string().nullable();
const memberStatus = z.enum(['ACTIVE', 'INACTIVE', 'INVITED']);

export const currentUserSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: roleField,
  status: memberStatus,
  account_id: z.string(),
  account_name: z.string(),
  is_account_owner: z.boolean(),
  account_count: z.number().int(),
  timezone: z.string(),
  locale: z.string(),
  email_verified: z.boolean(),
  pending_email: nullableString,
  pending_email_expires_at: nullableString,
  last_login_at: nullableString,
  permissions: z.array(z.string()),
});

export const memberSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: roleField,
  status: memberStatus,
  is_account_owner: z.boolean(),
  invitation_status: z.enum(['PENDING', 'RESENT', 'ACCEPTED', 'REVOKED']).nullable(),
  invitation_expires_at: nullableString,
  invitation_expired: z.boolean(),
  timezone: z.string(),
  locale: z.string(),
  email_verified: z.boolean(),
  last_login_at: nullableString,
  created_at: z.string(),
});

/** A started session (register, login, accepted invitation); a login whose email has several accounts asks first. */
export const sessionSchema = z.object({ token: z.string(), expires_at: z.string(), user: currentUserSchema });
export const chooseAccountSchema = z.object({
  token: z.null(),
  accounts: z.array(z.object({ id: z.string(), name: z.string(), role: roleField })),
});

export const invitationSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  account_name: z.string(),
  role: roleField,
  existing_user: z.boolean(),
});

export const messageSchema = z.object({ message: z.string() });

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
export const entityId = z.string().regex(/^[a-z]{2,4}_[0-9a-z]{4,40}$/);

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

import { z } from 'zod';
import { entityId } from '../kit/http/ids';
import { singleLineText } from '../kit/http/validate';
import {
  confirmedPassword,
  emailField,
  firstNameField,
  lastNameField,
  localeField,
  passwordField,
  timezoneField,
} from './schemas';

/** The request bodies of sign-up, login, password reset and invitation acceptance (authRoutes). */

export const loginSchema = z
  .object({
    email: singleLineText().trim().email('Enter a valid email address').max(320),
    password: z.string().min(1, 'Enter your password').max(1024),
    account_id: entityId.optional(),
  })
  .strict();

export const registerSchema = confirmedPassword(
  z
    .object({
      first_name: firstNameField,
      last_name: lastNameField,
      email: emailField,
      password: passwordField,
      password_confirmation: z.string().max(1024),
      timezone: timezoneField.optional(),
      locale: localeField.optional(),
      account_name: singleLineText().trim().min(1).max(149).optional(),
      currency: z
        .string()
        .regex(/^[A-Za-z]{3}$/, 'Use a three-letter currency code')
        .transform((code) => code.toUpperCase())
        .optional(),
    })
    .strict(),
);

export const forgotPasswordSchema = z.object({ email: emailField }).strict();
export const resetPasswordSchema = confirmedPassword(
  z.object({ password: passwordField, password_confirmation: z.string().max(1024) }).strict(),
);

/** A new person accepting: name and password. */
export const joinSchema = confirmedPassword(
  z
    .object({
      first_name: firstNameField,
      last_name: lastNameField,
      password: passwordField,
      password_confirmation: z.string().max(1024),
      timezone: timezoneField.optional(),
      locale: localeField.optional(),
    })
    .strict(),
);
/** Someone who already has a login accepting: their password proves it is them. */
export const existingMemberAcceptSchema = z
  .object({ password: z.string().min(1, 'Enter your password').max(1024) })
  .strict();

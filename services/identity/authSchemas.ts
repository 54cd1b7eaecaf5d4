import { z } from 'zod';
import { entityId } from '../kit/http/ids';
import { dataOf, route } from '../kit/http/routeContract';
import { singleLineText } from '../kit/http/validate';
import {
  chooseAccountSchema,
  confirmedPassword,
  emailField,
  firstNameField,
  lastNameField,
  localeField,
  invitationSchema,
  messageSchema,
  passwordField,
  sessionSchema,
  timezoneField,
} from './schemas';

/** The requests of sign-up, login, password reset and invitation acceptance (authRoutes), and their contracts. */

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

export const authRouteContracts = [
  route({
    method: 'post',
    path: '/auth/register',
    summary:
      'Sign up: a new account and its owner, confirmed by mail. An address that has a login is answered the same and its owner mailed instead',
    body: registerSchema,
    response: messageSchema,
    status: 202,
    public: true,
  }),
  route({
    method: 'post',
    path: '/auth/login',
    summary: 'Log in',
    body: loginSchema,
    response: z.union([sessionSchema, chooseAccountSchema]),
    public: true,
  }),
  route({ method: 'post', path: '/auth/logout', summary: 'End this session' }),
  route({
    method: 'post',
    path: '/auth/forgot-password',
    summary: 'Mail a password reset link',
    body: forgotPasswordSchema,
    response: messageSchema,
    status: 202,
    public: true,
  }),
  route({
    method: 'get',
    path: '/auth/reset-password/:token',
    summary: 'Whether a reset link is usable',
    response: dataOf(z.object({ valid: z.literal(true) })),
    public: true,
  }),
  route({
    method: 'post',
    path: '/auth/reset-password/:token',
    summary: 'Set a new password',
    body: resetPasswordSchema,
    response: messageSchema,
    public: true,
  }),
  route({
    method: 'get',
    path: '/auth/invitation/:token',
    summary: 'An invitation',
    response: dataOf(invitationSchema),
    public: true,
  }),
  route({
    method: 'post',
    path: '/auth/invitation/:token',
    summary: 'Accept an invitation (a new member joins, or an existing one with their password)',
    body: z.union([joinSchema, existingMemberAcceptSchema]),
    response: dataOf(z.object({ email: z.string(), account_id: z.string(), account_name: z.string() })),
    public: true,
  }),
];

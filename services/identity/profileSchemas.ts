import { z } from 'zod';
import {
  confirmedPassword,
  emailField,
  firstNameField,
  lastNameField,
  localeField,
  passwordField,
  timezoneField,
  currentUserSchema,
  messageSchema,
} from './schemas';
import { dataOf, route } from '../kit/http/routeContract';
import { identityProjection } from '../../projections/identity';

/** The profile API (`/api/users/me`, confirming and changing the email address): the request and the contracts. */

/** `PUT /users/me`: any subset of the profile; a new email waits for confirmation; a new password needs the current one. */
export const updateProfileSchema = confirmedPassword(
  z
    .object({
      first_name: firstNameField.optional(),
      last_name: lastNameField.optional(),
      email: emailField.optional(),
      timezone: timezoneField.optional(),
      locale: localeField.optional(),
      current_password: z.string().max(1024).optional(),
      password: passwordField.optional(),
      password_confirmation: z.string().max(1024).optional(),
    })
    .strict(),
).refine((value) => value.password === undefined || (value.current_password ?? '') !== '', {
  message: 'Enter your current password',
  path: ['current_password'],
});

export const profileRouteContracts = [
  route({
    method: 'get',
    path: '/users/me',
    reads: [identityProjection],
    summary: 'The signed-in member',
    response: dataOf(currentUserSchema),
  }),
  route({
    method: 'put',
    path: '/users/me',
    summary: 'Change your profile, email or password',
    body: updateProfileSchema,
    response: dataOf(currentUserSchema),
  }),
  route({
    method: 'post',
    path: '/users/:id/confirm-email/:token',
    summary: 'Confirm your email address',
    response: dataOf(currentUserSchema),
  }),
  route({
    method: 'post',
    path: '/users/:id/resend-email-confirmation',
    summary: 'Mail a new confirmation link',
    response: messageSchema,
    status: 202,
  }),
  route({
    method: 'post',
    path: '/users/:id/email-change/:token',
    summary: 'Confirm a new email address',
    response: dataOf(currentUserSchema),
  }),
  route({
    method: 'delete',
    path: '/users/:id/email-change',
    summary: 'Cancel an email change',
    response: dataOf(currentUserSchema),
  }),
];

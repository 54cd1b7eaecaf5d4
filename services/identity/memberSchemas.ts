import { z } from 'zod';
import { singleLineText } from '../kit/http/validate';
import { listQuerySchema } from '../kit/listQuery';
import { memberListSpec } from '../../projections/identity';
import { emailField, firstNameField, lastNameField, memberSchema, roleField } from './schemas';
import { dataOf, pageOf, route } from '../kit/http/routeContract';
import { identityProjection } from '../../projections/identity';

/** The members API (`/api/users`): requests and contracts; the member answer is in schemas.ts. */

export const inviteSchema = z
  .object({
    email: emailField,
    role: roleField,
    first_name: singleLineText().trim().max(50, 'The first name must be at most 50 characters').optional(),
    last_name: singleLineText().trim().max(50, 'The last name must be at most 50 characters').optional(),
  })
  .strict();

/** An admin's change to a member: role, status, and a correction of the name (spec section 7). */
export const updateMemberSchema = z
  .object({
    first_name: firstNameField.optional(),
    last_name: lastNameField.optional(),
    role: roleField.optional(),
    status: z.enum(['ACTIVE', 'INACTIVE'], { message: 'Use ACTIVE or INACTIVE' }).optional(),
  })
  .strict();

export const memberRouteContracts = [
  route({
    method: 'get',
    path: '/users',
    reads: [identityProjection],
    summary: "The account's members (list query)",
    query: listQuerySchema(memberListSpec),
    response: pageOf(memberSchema),
  }),
  route({
    method: 'post',
    path: '/users',
    summary: 'Invite a member',
    body: inviteSchema,
    response: dataOf(memberSchema),
    status: 201,
  }),
  route({
    method: 'get',
    path: '/users/:id',
    reads: [identityProjection],
    summary: 'A member',
    response: dataOf(memberSchema),
  }),
  route({
    method: 'put',
    path: '/users/:id',
    summary: "Change a member's role, status or name",
    body: updateMemberSchema,
    response: dataOf(memberSchema),
  }),
  route({
    method: 'post',
    path: '/users/:id/invitation',
    summary: 'Resend an invitation',
    response: dataOf(memberSchema),
  }),
  route({
    method: 'delete',
    path: '/users/:id/invitation',
    summary: 'Revoke an invitation',
    response: dataOf(memberSchema),
  }),
  route({
    method: 'post',
    path: '/users/:id/erase',
    summary: "Erase a deactivated former member's personal data for good (their names, address, password)",
    response: dataOf(memberSchema),
  }),
];

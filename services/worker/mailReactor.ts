import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { defineProjection } from '../../projections/runner/define';
import type { Projection, ProjectionContext, ReadModelTable } from '../../projections/runner/types';
import type { RecordedEvent } from '../eventstore/port';
import type { AccountEvent } from '../identity/accountDecider';
import type { UserEvent } from '../identity/userDecider';
import { mintLinkToken, linkTokensTable, type LinkPurpose } from '../messaging/linkTokens';
import { dedupeKey, enqueueMail, eraseMails, isEnqueued, mailOutboxTable } from '../messaging/outbox';
import { ERASED_EMAIL, ERASED_TEXT, erasedEmailOf } from '../eventstore/personalData';
import { renderMail, type MailTemplate, type MailTemplates } from '../messaging/templates';

/**
 * Turns committed identity events into emails: confirmation, email change, password reset, invitation,
 * "your password was changed" and "someone tried to sign up with your address". A reactor checkpoints like a projection; each mail is written to the outbox in
 * the same transaction as the checkpoint, at most once per (aggregate, template, occurrence), so a replayed
 * batch or a second worker never records a mail twice. Delivery is the MailDelivery loop's job.
 *
 * What a mail needs (names, language, account names) comes from the reactor's own tables, filled from the
 * same ordered events, so it never waits on another projection.
 */

export const mailContactsTable: ReadModelTable = {
  name: 'mail_contacts',
  define(table) {
    table.string('user_id', 40).primary();
    table.string('email', 320).notNullable();
    table.string('first_name', 100).notNullable();
    table.string('last_name', 100).notNullable();
    table.string('locale', 10).notNullable();
  },
};

export const mailAccountsTable: ReadModelTable = {
  name: 'mail_accounts',
  define(table) {
    table.string('id', 40).primary();
    table.string('name', 200).notNullable();
  },
};

export const mailReactorTables: readonly ReadModelTable[] = [
  mailOutboxTable,
  linkTokensTable,
  mailContactsTable,
  mailAccountsTable,
];

interface Contact {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  locale: string;
}

type Handled = AccountEvent | UserEvent;

const handles: readonly Handled['type'][] = [
  'AccountCreated',
  'AccountSettingsUpdated',
  'UserRegistered',
  'UserInvited',
  'InvitedUserJoined',
  'ProfileUpdated',
  'EmailChanged',
  'EmailConfirmationRequested',
  'EmailChangeRequested',
  'PasswordResetRequested',
  'PasswordChanged',
  'PasswordReset',
  'MemberInvited',
  'InvitationResent',
  'SignUpAttempted',
  'UserErased',
];

/** Links point at the web routes of spec section 2. */
const linkPaths: Record<LinkPurpose, string> = {
  confirm_email: '/manage/profile/confirm-email-address/',
  confirm_email_change: '/manage/profile/confirm-email-change/',
  reset_password: '/auth/reset-password/',
  invitation: '/auth/accept-invitation/',
};

export const mailReactorName = 'mail-reactor';

export function mailReactor(settings: { publicUrl: string }): Projection {
  return defineProjection<Handled>({
    name: mailReactorName,
    tables: mailReactorTables,
    handles,
    async apply(trx, event, ctx) {
      const mails = new Mailer(trx, ctx, event, settings.publicUrl);
      const contacts = ctx.table('mail_contacts');
      const accounts = ctx.table('mail_accounts');
      switch (event.type) {
        case 'AccountCreated':
          await trx(accounts)
            .insert({ id: event.data.accountId, name: event.data.name })
            .onConflict('id')
            .merge(['name']);
          return [];
        case 'AccountSettingsUpdated':
          if (event.data.changes.name !== undefined) {
            await trx(accounts).where({ id: event.data.accountId }).update({ name: event.data.changes.name });
          }
          return [];
        case 'UserRegistered':
        case 'UserInvited': {
          const d = event.data;
          const contact = {
            user_id: d.userId,
            email: d.email,
            first_name: d.firstName,
            last_name: d.lastName,
            locale: d.locale,
          };
          await trx(contacts).insert(contact).onConflict('user_id').merge();
          return [];
        }
        case 'UserErased': {
          const { userId } = event.data;
          const contact = await mails.knownContact(userId);
          await eraseMails(
            trx,
            { outbox: ctx.table(mailOutboxTable.name) },
            {
              accountId: null,
              aggregateIds: [userId],
              recipientUserIds: [userId],
              addresses: contact ? [contact.email] : [],
              erased: { text: ERASED_TEXT, email: ERASED_EMAIL },
            },
          );
          await trx(contacts)
            .where({ user_id: userId })
            .update({
              email: erasedEmailOf(`user:${userId}`),
              first_name: ERASED_TEXT,
              last_name: ERASED_TEXT,
            });
          return [];
        }
        case 'InvitedUserJoined':
          await trx(contacts).where({ user_id: event.data.userId }).update({
            first_name: event.data.firstName,
            last_name: event.data.lastName,
            locale: event.data.locale,
          });
          return [];
        case 'ProfileUpdated': {
          const { firstName, lastName, locale } = event.data.changes;
          const changes = Object.fromEntries(
            Object.entries({ first_name: firstName, last_name: lastName, locale }).filter(
              ([, value]) => value !== undefined,
            ),
          );
          if (Object.keys(changes).length > 0)
            await trx(contacts).where({ user_id: event.data.userId }).update(changes);
          return [];
        }
        case 'EmailChanged':
          await trx(contacts).where({ user_id: event.data.userId }).update({ email: event.data.email });
          return [];
        case 'EmailConfirmationRequested':
          await mails.sendUserLink('confirm_email', event.data.userId, event.data.email, event.data);
          return [];
        case 'EmailChangeRequested':
          // To the new address: following the link proves it is theirs.
          await mails.sendUserLink(
            'confirm_email_change',
            event.data.userId,
            event.data.newEmail,
            event.data,
          );
          return [];
        case 'PasswordResetRequested':
          await mails.sendUserLink('reset_password', event.data.userId, event.data.email, event.data);
          return [];
        case 'PasswordChanged':
        case 'PasswordReset': {
          const contact = await mails.knownContact(event.data.userId);
          if (!contact) return [];
          await mails.send('password_changed', {
            aggregateId: event.data.userId,
            occurrence: event.id,
            accountId: null,
            recipient: { userId: contact.user_id, to: contact.email, locale: contact.locale },
            values: () => ({
              name: contact.first_name,
              email: contact.email,
              link: `${settings.publicUrl}/auth/forgot-password`,
            }),
          });
          return [];
        }
        case 'SignUpAttempted': {
          // In the owner's language; to the address they use now (the attempt named it).
          const contact = await mails.contact(event.data.userId, event.data.email);
          await mails.send('sign_up_attempt', {
            aggregateId: event.data.userId,
            occurrence: event.id,
            accountId: null,
            recipient: { userId: event.data.userId, to: event.data.email, locale: contact.locale },
            values: () => ({
              name: contact.first_name,
              email: event.data.email,
              link: `${settings.publicUrl}/auth/login`,
              resetLink: `${settings.publicUrl}/auth/forgot-password`,
            }),
          });
          return [];
        }
        case 'MemberInvited':
        case 'InvitationResent': {
          const d = event.data;
          const invitee = await mails.contact(d.userId, d.email);
          const inviter = await mails.contact(
            event.type === 'MemberInvited' ? event.data.invitedBy : event.data.resentBy,
            '',
          );
          const account: { name: string } | undefined = await trx(accounts)
            .where({ id: d.accountId })
            .first('name');
          await mails.send('invitation', {
            aggregateId: d.accountId,
            occurrence: d.invitationId,
            accountId: d.accountId,
            recipient: { userId: d.userId, to: d.email, locale: invitee.locale },
            link: { purpose: 'invitation', requestId: d.invitationId, expiresAt: d.expiresAt },
            values: (link, validForMs) => ({
              name: invitee.first_name,
              inviter: `${inviter.first_name} ${inviter.last_name}`.trim() || inviter.email,
              account: account?.name ?? '',
              role: d.role,
              link,
              validForMs,
            }),
          });
          return [];
        }
        case 'InvitationRevoked':
        case 'InvitationAccepted':
        case 'MemberRoleChanged':
        case 'MemberStatusChanged':
        case 'EmailVerified':
        case 'EmailChangeCancelled':
        case 'SessionStarted':
        case 'SessionEnded':
          return [];
      }
    },
  });
}

interface MailRequest<T extends MailTemplate> {
  aggregateId: string;
  occurrence: string;
  accountId: string | null;
  recipient: { userId: string; to: string; locale: string };
  /** The link the mail carries, minted here; absent for notices without one. */
  link?: { purpose: LinkPurpose; requestId: string; expiresAt: string };
  values: (link: string, validForMs: number) => MailTemplates[T];
}

class Mailer {
  constructor(
    private readonly trx: Knex.Transaction,
    private readonly ctx: ProjectionContext,
    private readonly recorded: RecordedEvent,
    private readonly publicUrl: string,
  ) {}

  /** The user's name and language; a user the reactor has not seen is written to in English, without a name. */
  async contact(userId: string, email: string): Promise<Contact> {
    const contact = (await this.trx(this.ctx.table('mail_contacts')).where({ user_id: userId }).first()) as
      Contact | undefined;
    return contact ?? { user_id: userId, email, first_name: '', last_name: '', locale: 'en' };
  }

  async knownContact(userId: string): Promise<Contact | undefined> {
    return (await this.trx(this.ctx.table('mail_contacts')).where({ user_id: userId }).first()) as
      Contact | undefined;
  }

  /** A user's own link mail (confirmation, email change, reset): the template names the link's purpose too. */
  async sendUserLink(
    template: 'confirm_email' | 'confirm_email_change' | 'reset_password',
    userId: string,
    to: string,
    request: { requestId: string; expiresAt: string },
  ): Promise<void> {
    const contact = await this.contact(userId, to);
    await this.send(template, {
      aggregateId: userId,
      occurrence: request.requestId,
      accountId: null,
      recipient: { userId, to, locale: contact.locale },
      link: { purpose: template, requestId: request.requestId, expiresAt: request.expiresAt },
      values: (link, validForMs) => ({ name: contact.first_name, email: to, link, validForMs }),
    });
  }

  async send<T extends MailTemplate>(template: T, request: MailRequest<T>): Promise<void> {
    const outbox = this.ctx.table(mailOutboxTable.name);
    const key = dedupeKey(request.aggregateId, template, request.occurrence);
    if (await isEnqueued(this.trx, outbox, key)) return;
    const createdAt = this.recorded.recordedAt.toISOString();
    let link = '';
    let validForMs = 0;
    if (request.link) {
      const token = await mintLinkToken(this.trx, this.ctx.table(linkTokensTable.name), {
        purpose: request.link.purpose,
        userId: request.recipient.userId,
        accountId: request.accountId,
        requestId: request.link.requestId,
        expiresAt: request.link.expiresAt,
        createdAt,
      });
      link = `${this.publicUrl}${linkPaths[request.link.purpose]}${token}`;
      validForMs = Date.parse(request.link.expiresAt) - this.recorded.recordedAt.getTime();
    }
    await enqueueMail(this.trx, outbox, {
      id: `ml_${createHash('sha256').update(key).digest('hex').slice(0, 32)}`,
      template,
      aggregateId: request.aggregateId,
      occurrence: request.occurrence,
      accountId: request.accountId,
      recipientUserId: request.recipient.userId,
      to: request.recipient.to,
      locale: request.recipient.locale,
      rendered: renderMail(template, request.recipient.locale, request.values(link, validForMs)),
      position: this.recorded.position,
      createdAt,
    });
  }
}

import type { Knex } from 'knex';
import { claimDueRows } from '../kit/dueClaims';
import type { ReadModelTable } from '../../projections/runner/types';
import type { ListQuery, ListSpec } from '../kit/listQuery';
import { runListQuery } from '../kit/listQuery';
import {
  insertRowsUnlessPresent,
  insertRowUnlessPresent,
  updateRows,
} from '../../projections/runner/rowStatements';
import type { MailTemplate, RenderedMail } from './templates';

/**
 * Every email the platform means to send, written by a reactor in the same transaction as its checkpoint,
 * at most once per `dedupe_key` (aggregate, template, occurrence). The delivery loop hands pending rows to
 * SMTP, or, without SMTP, keeps them here as the local outbox admins read in the web. See docs/email.md.
 */
/** The platform's own mails, and `event_message`: an organizer's message to attendees (its text is theirs). */
export type OutboxTemplate = MailTemplate | 'event_message';

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

export const mailOutboxTable: ReadModelTable = {
  name: 'mail_outbox',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('dedupe_key', 250).notNullable();
    table.string('template', 40).notNullable();
    table.string('aggregate_id', 40).notNullable();
    table.string('occurrence', 80).notNullable();
    /** The account the mail concerns (an invitation's); null for a person's own mails (reset, confirmation). */
    table.string('account_id', 40).nullable();
    table.string('recipient_user_id', 40).nullable();
    table.string('to_address', 320).notNullable();
    table.string('locale', 10).notNullable();
    table.text('subject').notNullable();
    table.text('text_body').notNullable();
    table.text('html_body').notNullable();
    table.string('status', 16).notNullable();
    /** How it left: `smtp`, or `outbox` when no SMTP server is configured. */
    table.string('transport', 16).nullable();
    table.integer('attempts').notNullable();
    table.string('next_attempt_at', 30).notNullable();
    table.string('claim_token', 40).nullable();
    table.string('claimed_at', 30).nullable();
    table.string('sent_at', 30).nullable();
    table.text('last_error').nullable();
    /** Global position of the event that caused the mail (decimal text). */
    table.text('event_position').notNullable();
    table.string('created_at', 30).notNullable();
    table.unique(['dedupe_key'], { indexName: `${tableName}_dedupe_unique` });
    table.index(['status', 'next_attempt_at'], `${tableName}_due_idx`);
    table.index(['account_id'], `${tableName}_account_idx`);
    table.index(['recipient_user_id'], `${tableName}_recipient_idx`);
    table.index(['aggregate_id'], `${tableName}_aggregate_idx`);
  },
};

/** Files sent with a mail (a ticket's QR code, an .ics), written with it by the reactor. */
export const mailAttachmentsTable: ReadModelTable = {
  name: 'mail_attachments',
  define(table, tableName) {
    table.string('mail_id', 40).notNullable();
    table.integer('position').notNullable();
    table.string('filename', 120).notNullable();
    table.string('content_type', 80).notNullable();
    /** Base64 of the bytes. */
    table.text('content').notNullable();
    /** Set for an inline image the HTML shows as `cid:<content_id>`. */
    table.string('content_id', 80).nullable();
    table.primary(['mail_id', 'position'], `${tableName}_pk`);
  },
};

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  contentId?: string | undefined;
}

export async function addMailAttachments(
  trx: Knex.Transaction,
  table: string,
  mailId: string,
  attachments: readonly MailAttachment[],
): Promise<void> {
  await insertRowsUnlessPresent(
    trx,
    table,
    attachments.map((attachment, position) => ({
      mail_id: mailId,
      position,
      filename: attachment.filename,
      content_type: attachment.contentType,
      content: attachment.content.toString('base64'),
      content_id: attachment.contentId ?? null,
    })),
    ['mail_id', 'position'],
  );
}

export async function mailAttachmentsOf(db: Knex, mailId: string): Promise<MailAttachment[]> {
  const rows = (await db(mailAttachmentsTable.name).where({ mail_id: mailId }).orderBy('position')) as {
    filename: string;
    content_type: string;
    content: string;
    content_id: string | null;
  }[];
  return rows.map((row) => ({
    filename: row.filename,
    contentType: row.content_type,
    content: Buffer.from(row.content, 'base64'),
    contentId: row.content_id ?? undefined,
  }));
}

export interface OutboxRow {
  id: string;
  dedupe_key: string;
  template: OutboxTemplate;
  aggregate_id: string;
  occurrence: string;
  account_id: string | null;
  recipient_user_id: string | null;
  to_address: string;
  locale: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: OutboxStatus;
  transport: 'smtp' | 'outbox' | null;
  attempts: number;
  next_attempt_at: string;
  claim_token: string | null;
  claimed_at: string | null;
  sent_at: string | null;
  last_error: string | null;
  event_position: string;
  created_at: string;
}

export interface NewMail {
  id: string;
  template: OutboxTemplate;
  /** The aggregate the mail is about and the occurrence (a request id, an event id): once per pair and template. */
  aggregateId: string;
  occurrence: string;
  accountId: string | null;
  recipientUserId: string | null;
  to: string;
  locale: string;
  rendered: RenderedMail;
  position: bigint;
  createdAt: string;
}

export function dedupeKey(aggregateId: string, template: OutboxTemplate, occurrence: string): string {
  return `${aggregateId}|${template}|${occurrence}`;
}

export async function isEnqueued(trx: Knex.Transaction, table: string, key: string): Promise<boolean> {
  return (await trx(table).where({ dedupe_key: key }).first('id')) !== undefined;
}

/** Writes the mail unless its dedupe key is already there; answers whether it wrote it. */
export async function enqueueMail(trx: Knex.Transaction, table: string, mail: NewMail): Promise<boolean> {
  const written = await insertRowUnlessPresent(
    trx,
    table,
    {
      id: mail.id,
      dedupe_key: dedupeKey(mail.aggregateId, mail.template, mail.occurrence),
      template: mail.template,
      aggregate_id: mail.aggregateId,
      occurrence: mail.occurrence,
      account_id: mail.accountId,
      recipient_user_id: mail.recipientUserId,
      to_address: mail.to,
      locale: mail.locale,
      subject: mail.rendered.subject,
      text_body: mail.rendered.text,
      html_body: mail.rendered.html,
      status: 'pending',
      transport: null,
      attempts: 0,
      next_attempt_at: mail.createdAt,
      claim_token: null,
      claimed_at: null,
      sent_at: null,
      last_error: null,
      event_position: mail.position.toString(),
      created_at: mail.createdAt,
    },
    ['dedupe_key'],
  );
  return written > 0;
}

/**
 * Erasure (docs/audit.md "Erasure"): the mails about `aggregateIds` (an order's) or to `recipientUserIds` (a
 * member's), and the mails to `addresses` (in `accountId`, or anywhere), lose their recipient and text, and their
 * files where the caller keeps them; one still waiting is not sent.
 */
export async function eraseMails(
  trx: Knex.Transaction,
  tables: { outbox: string; attachments?: string },
  scope: {
    /** Limits the address match to one account's mails; null: every mail to those addresses (a member's). */
    accountId: string | null;
    aggregateIds: readonly string[];
    recipientUserIds?: readonly string[];
    addresses: readonly string[];
    erased: Erased;
  },
): Promise<number> {
  const ids = (
    await trx(tables.outbox)
      .where((where) => {
        void where.whereIn('aggregate_id', scope.aggregateIds);
        if (scope.recipientUserIds?.length) void where.orWhereIn('recipient_user_id', scope.recipientUserIds);
        if (scope.addresses.length > 0)
          void where.orWhere((byAddress) => {
            void byAddress.whereIn('to_address', scope.addresses);
            if (scope.accountId !== null) void byAddress.where('account_id', scope.accountId);
          });
      })
      .select<{ id: string }[]>('id')
  ).map((row) => row.id);
  if (ids.length === 0) return 0;
  if (tables.attachments) await trx(tables.attachments).whereIn('mail_id', ids).delete();
  await trx(tables.outbox).whereIn('id', ids).update({
    to_address: scope.erased.email,
    subject: scope.erased.text,
    text_body: scope.erased.text,
    html_body: scope.erased.text,
  });
  await trx(tables.outbox)
    .whereIn('id', ids)
    .whereIn('status', ['pending', 'sending'])
    .update({ status: 'failed', claim_token: null, last_error: 'personal data erased' });
  return ids.length;
}

/** What erased fields read as (services/eventstore/personalData.ts). */
export interface Erased {
  text: string;
  email: string;
}

// ---------- delivery

/**
 * Claims up to `limit` mails that are due (pending and past their next attempt, or claimed by a process that
 * has not finished within `claimTimeoutMs`). Each claim is a conditional update, so two delivery loops never
 * hold the same mail at once.
 */
export function claimDueMails(
  db: Knex,
  claimToken: string,
  now: Date,
  limit: number,
  claimTimeoutMs: number,
): Promise<OutboxRow[]> {
  return claimDueRows<OutboxRow>(db, 'mail_outbox', {
    token: claimToken,
    now,
    limit,
    timeoutMs: claimTimeoutMs,
    oldestFirstBy: 'created_at',
  });
}

export async function markSent(
  db: Knex,
  row: OutboxRow,
  transport: 'smtp' | 'outbox',
  now: Date,
): Promise<void> {
  await updateRows(
    db,
    'mail_outbox',
    {
      status: 'sent',
      transport,
      sent_at: now.toISOString(),
      attempts: row.attempts + 1,
      claim_token: null,
      last_error: null,
    },
    { id: row.id, claim_token: row.claim_token },
  );
}

/** A failed attempt: retried at `retryAt`, or given up (`failed`) when there is none. */
export async function markAttemptFailed(
  db: Knex,
  row: OutboxRow,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await updateRows(
    db,
    'mail_outbox',
    {
      status: retryAt ? 'pending' : 'failed',
      attempts: row.attempts + 1,
      next_attempt_at: retryAt ? retryAt.toISOString() : row.next_attempt_at,
      claim_token: null,
      last_error: error.slice(0, 2000),
    },
    { id: row.id, claim_token: row.claim_token },
  );
}

// ---------- reading (the outbox screen)

/** Who is looking: an admin sees the mails of their account and the mails addressed to themselves. */
export interface OutboxViewer {
  accountId: string;
  userId: string;
}

function visibleTo(db: Knex, viewer: OutboxViewer): Knex.QueryBuilder {
  return db('mail_outbox').where((where) => {
    void where.where('account_id', viewer.accountId).orWhere('recipient_user_id', viewer.userId);
  });
}

export const outboxListSpec: ListSpec = {
  sorts: { created_at: 'created_at', to_address: 'to_address', subject: 'subject', status: 'status' },
  defaultSort: 'created_at',
  defaultDirection: 'desc',
  filters: {
    status: { operators: ['eq', 'in'], values: ['pending', 'sending', 'sent', 'failed'] },
    template: {
      operators: ['eq', 'in'],
      values: ['confirm_email', 'confirm_email_change', 'reset_password', 'invitation', 'password_changed'],
    },
    to_address: { operators: ['eq', 'like'] },
  },
  searchColumns: ['to_address', 'subject'],
  tieBreaker: 'id',
};

export function listOutbox(db: Knex, viewer: OutboxViewer, list: ListQuery) {
  return runListQuery<OutboxRow>(visibleTo(db, viewer), list, outboxListSpec);
}

export async function findOutboxMail(
  db: Knex,
  viewer: OutboxViewer,
  id: string,
): Promise<OutboxRow | undefined> {
  return (await visibleTo(db, viewer).andWhere('id', id).first()) as OutboxRow | undefined;
}

export function presentOutboxSummary(row: OutboxRow) {
  return {
    id: row.id,
    template: row.template,
    to: row.to_address,
    subject: row.subject,
    locale: row.locale,
    status: row.status,
    transport: row.transport,
    attempts: row.attempts,
    last_error: row.last_error,
    created_at: row.created_at,
    sent_at: row.sent_at,
  };
}

/**
 * The mail for reading in a browser: images it attaches inline (`cid:ticket-qr`, the ticket's QR code) become
 * `data:` URLs, since a browser cannot resolve `cid:` (only a mail client can) and the preview's frame may
 * load nothing from elsewhere. The stored mail, and what SMTP sends, keep their `cid:` references.
 */
export function presentOutboxMail(row: OutboxRow, attachments: readonly MailAttachment[] = []) {
  return {
    ...presentOutboxSummary(row),
    text: row.text_body,
    html: inlineImages(row.html_body, attachments),
  };
}

export function inlineImages(html: string, attachments: readonly MailAttachment[]): string {
  let inlined = html;
  for (const attachment of attachments) {
    if (!attachment.contentId || !attachment.contentType.startsWith('image/')) continue;
    const url = `data:${attachment.contentType};base64,${attachment.content.toString('base64')}`;
    inlined = inlined.replaceAll(`"cid:${attachment.contentId}"`, `"${url}"`);
  }
  return inlined;
}

export type MailAbout = Pick<
  OutboxRow,
  'id' | 'template' | 'status' | 'event_position' | 'created_at' | 'sent_at' | 'attempts'
>;

/** The mails of one account about these aggregates (an order, its messages), oldest first: no address, no content. */
export async function mailsAbout(
  db: Knex,
  accountId: string,
  aggregateIds: readonly string[],
): Promise<MailAbout[]> {
  if (aggregateIds.length === 0) return [];
  const rows: MailAbout[] = await db('mail_outbox')
    .where({ account_id: accountId })
    .whereIn('aggregate_id', aggregateIds)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .select('id', 'template', 'status', 'event_position', 'created_at', 'sent_at', 'attempts');
  return rows;
}

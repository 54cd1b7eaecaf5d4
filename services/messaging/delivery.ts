import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createRequire } from 'node:module';
import type Nodemailer from 'nodemailer';
import type { Clock } from '../kit/clock';
import type { Logger } from '../kit/logger';
import { PassLoop } from '../kit/passLoop';
import {
  claimDueMails,
  mailAttachmentsOf,
  markAttemptFailed,
  markSent,
  type MailAttachment,
  type OutboxRow,
} from './outbox';

/**
 * Where mails go: an SMTP server, or nowhere (they stay readable in the local outbox). A mail's attachments
 * are read only by a transport that sends them.
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutboxRow, attachments: () => Promise<readonly MailAttachment[]>): Promise<void>;
  close(): void;
}

export function createMailTransport(settings: {
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
}): MailTransport {
  if (!settings.smtpUrl) {
    return { kind: 'outbox', send: () => Promise.resolve(), close: () => undefined };
  }
  // Required only with SMTP configured: a platform that keeps mails in its outbox never loads it.
  const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof Nodemailer;
  const transporter = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const host = hostOf(settings.publicUrl);
  return {
    kind: 'smtp',
    async send(mail, attachmentsOf) {
      const attachments = await attachmentsOf();
      await transporter.sendMail({
        from: settings.mailFrom,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        // The same id on every attempt: a receiver that saw an earlier attempt can tell a repeat.
        messageId: `<${mail.id}@${host}>`,
        headers: { 'X-Ticketing-Template': mail.template },
        attachments: attachments.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: attachment.content,
          ...(attachment.contentId ? { cid: attachment.contentId } : {}),
        })),
      });
    },
    close: () => transporter.close(),
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

export interface MailDeliveryOptions {
  db: Knex;
  transport: MailTransport;
  clock: Clock;
  logger: Logger;
  /** How often due mails are looked for when nothing wakes the loop (retries, other processes' mails). */
  pollIntervalMs?: number;
  batchSize?: number;
  /** Attempts before a mail is given up as `failed`. */
  maxAttempts?: number;
  /** A claim older than this belongs to a process that died mid-send: the mail is tried again. */
  claimTimeoutMs?: number;
}

/**
 * Sends what the outbox holds. At least once towards SMTP: a process that dies after the server accepted a
 * mail but before recording it sends it again once the claim times out (with the same Message-ID).
 */
export class MailDelivery {
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly claimTimeoutMs: number;
  private readonly claimToken = randomUUID();
  private readonly loop: PassLoop<number>;

  constructor(private readonly options: MailDeliveryOptions) {
    this.batchSize = options.batchSize ?? 20;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.claimTimeoutMs = options.claimTimeoutMs ?? 5 * 60_000;
    this.loop = new PassLoop(() => this.deliverDuePass(), {
      pollIntervalMs: options.pollIntervalMs ?? 2_000,
      logger: options.logger,
      failure: 'mail delivery pass failed',
    });
  }

  start(): void {
    this.loop.start();
  }

  /** New mails were written: look now rather than at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    this.options.transport.close();
  }

  /** One pass, after any pass under way: claims and sends every due mail; returns how many were handled. */
  deliverDue(): Promise<number> {
    return this.loop.runPass();
  }

  private async deliverDuePass(): Promise<number> {
    const { db, clock, transport } = this.options;
    let handled = 0;
    for (;;) {
      const batch = await claimDueMails(
        db,
        this.claimToken,
        clock.now(),
        this.batchSize,
        this.claimTimeoutMs,
      );
      for (const mail of batch) {
        try {
          await transport.send(mail, () => mailAttachmentsOf(db, mail.id));
          await markSent(db, mail, transport.kind, clock.now());
        } catch (error) {
          const attempt = mail.attempts + 1;
          const retryAt =
            attempt >= this.maxAttempts ? null : new Date(clock.now().getTime() + backoffMs(attempt));
          const message = error instanceof Error ? error.message : String(error);
          this.options.logger.warn('mail delivery failed', {
            mailId: mail.id,
            template: mail.template,
            attempt,
            retryAt,
            error: message,
          });
          await markAttemptFailed(db, mail, message, retryAt);
        }
        handled++;
      }
      if (batch.length < this.batchSize || this.loop.isStopped) return handled;
    }
  }
}

/** 30 s, 1 min, 2 min, … capped at an hour. */
export function backoffMs(attempt: number): number {
  return Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempt - 1));
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../api/testing';
import { ManualClock } from '../kit/clock';
import { createLogger } from '../kit/logger';
import { describeWithPostgres } from '../kit/testing/postgres';
import { createMailTransport, MailDelivery } from '../messaging/delivery';
import type { OutboxRow } from '../messaging/outbox';
import { eventually, linkIn, startSmtpSink, type SmtpSink } from '../messaging/testing';
import { mailReactorName } from './mailReactor';
import { findUserByEmail } from '../../projections/identity';

const password = 'a long enough password';
let sequence = 0;
const uniqueEmail = (name: string) => `${name}-${++sequence}-${Date.now().toString(36)}@example.test`;

/** A sign-up through the route: it answers first and registers after, so this waits for the user to exist. */
async function registerUser(t: TestPlatform, email: string) {
  const response = await t.client()('POST', '/api/auth/register', {
    json: { first_name: 'Mia', last_name: 'Mailer', email, password, password_confirmation: password },
  });
  expect(response.status).toBe(202);
  await eventually(async () => (await findUserByEmail(t.platform.services.db, email)) ?? undefined);
}

function smtpSuite(kind: StorageKind) {
  let t: TestPlatform;
  let sink: SmtpSink;
  const clock = new ManualClock(new Date('2026-11-22T12:00:00.000Z'));
  const outbox = () => t.platform.services.db<OutboxRow>('mail_outbox');

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestPlatform(kind, { clock, config: { smtpUrl: sink.url } });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('records each mail once, even when the reactor replays every event from the start', async () => {
    const email = uniqueEmail('replay');
    await registerUser(t, email);
    await sink.waitFor((mail) => mail.to.includes(email));
    const rowsBefore = await outbox().count({ n: '*' }).first();
    const sentBefore = sink.messages.length;

    const { runner } = t.platform.worker;
    await runner.stop();
    await t.platform.services
      .db('projection_checkpoints')
      .where({ name: mailReactorName })
      .update({ position: '0' });
    await runner.start();
    expect(await runner.waitFor(await t.platform.services.store.head(), 30_000)).toBe(true);
    await t.platform.worker.delivery.deliverDue();

    expect(await outbox().count({ n: '*' }).first()).toEqual(rowsBefore);
    expect(sink.messages.length).toBe(sentBefore);
    expect(sink.messages.filter((mail) => mail.to.includes(email))).toHaveLength(1);
  });

  it('retries a mail the SMTP server refused, and delivers it once with the same message id', async () => {
    const email = uniqueEmail('retry');
    sink.failNext(1);
    await registerUser(t, email);
    const failed = await eventually(async () => {
      const row = await outbox().where({ to_address: email }).first();
      return row && row.attempts === 1 ? row : undefined;
    });
    expect(failed).toMatchObject({ status: 'pending', transport: null });
    expect(failed.last_error).toContain('Try again later');
    expect(Date.parse(failed.next_attempt_at) - clock.now().getTime()).toBe(30_000);
    expect(sink.refused()).toBe(1);

    clock.advance(31_000);
    t.platform.worker.delivery.wake();
    const mail = await sink.waitFor((received) => received.to.includes(email));
    expect(mail.messageId).toContain(failed.id);
    const sent = await eventually(async () => {
      const row = await outbox().where({ to_address: email, status: 'sent' }).first();
      return row;
    });
    expect(sent).toMatchObject({ attempts: 2, transport: 'smtp', last_error: null });
    expect(sink.messages.filter((received) => received.to.includes(email))).toHaveLength(1);
  });

  it('hands each mail to exactly one of several delivery loops', async () => {
    const emails = [uniqueEmail('a'), uniqueEmail('b'), uniqueEmail('c'), uniqueEmail('d')];
    await t.platform.worker.delivery.stop();
    try {
      for (const email of emails) await registerUser(t, email);
      await eventually(async () =>
        (await outbox().whereIn('to_address', emails).where({ status: 'pending' })).length === 4
          ? true
          : undefined,
      );
      const loops = [1, 2, 3].map(
        () =>
          new MailDelivery({
            db: t.platform.services.db,
            transport: createMailTransport({
              smtpUrl: sink.url,
              mailFrom: 'Test <test@localhost>',
              publicUrl: 'http://localhost',
            }),
            clock,
            logger: createLogger('error'),
          }),
      );
      const handled = await Promise.all(loops.map((loop) => loop.deliverDue()));
      expect(handled.reduce((sum, n) => sum + n, 0)).toBe(4);
      for (const email of emails) await sink.waitFor((mail) => mail.to.includes(email));
      for (const email of emails)
        expect(sink.messages.filter((mail) => mail.to.includes(email))).toHaveLength(1);
      for (const loop of loops) await loop.stop();
    } finally {
      t.platform.worker.delivery.start();
    }
  });
}

function outboxSuite(kind: StorageKind) {
  let t: TestPlatform;
  let adminToken: string;

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    adminToken = await t.login(t.admin.email, t.admin.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps mails in the local outbox without SMTP, readable by the admins of the account they concern', async () => {
    const email = uniqueEmail('invitee');
    const invited = await t.client(adminToken)<{ data: { id: string } }>('POST', '/api/users', {
      json: { email, role: 'ORGANIZER' },
    });
    expect(invited.status).toBe(201);
    const listed = await eventually(async () => {
      const response = await t.client(adminToken)<{
        data: { id: string; to: string; status: string; transport: string; subject: string }[];
      }>('GET', `/api/outbox?query=${encodeURIComponent(email)}`);
      const mail = response.body.data[0];
      return mail?.status === 'sent' ? mail : undefined;
    });
    expect(listed).toMatchObject({
      to: email,
      transport: 'outbox',
      subject: 'Admin User invited you to join My organisation',
    });

    const opened = await t.client(adminToken)<{ data: { text: string; html: string } }>(
      'GET',
      `/api/outbox/${listed.id}`,
    );
    expect(opened.body.data.html).toContain('Accept invitation');
    // The link in the kept mail works like a delivered one.
    const token = linkIn({ text: opened.body.data.text } as never, '/auth/accept-invitation/')
      .split('/')
      .at(-1)!;
    const accepted = await t.client()('POST', `/api/auth/invitation/${token}`, {
      json: { first_name: 'Otto', last_name: 'Outbox', password, password_confirmation: password },
    });
    expect(accepted.status).toBe(200);

    const organizer = await t.login(email, password);
    expect((await t.client(organizer)('GET', '/api/outbox')).status).toBe(403);
    const other = await t.otherAccount();
    const foreign = await t.client(other.token)<{ data: unknown[]; reason?: string }>('GET', '/api/outbox');
    expect(foreign.body.data.some((mail) => JSON.stringify(mail).includes(email))).toBe(false);
    const hidden = await t.client(other.token)<{ reason: string }>('GET', `/api/outbox/${listed.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.reason).toBe('mail_not_found');
  });
}

describe('mail reactor and delivery on SQLite', () => {
  describe('with SMTP', () => smtpSuite('sqlite'));
  describe('without SMTP', () => outboxSuite('sqlite'));
});
describeWithPostgres('mail reactor and delivery on PostgreSQL', () => {
  describe('with SMTP', () => smtpSuite('postgres'));
  describe('without SMTP', () => outboxSuite('postgres'));
});

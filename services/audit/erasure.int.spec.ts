import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjections } from '../../projections';
import { openReadModelDb } from '../../projections/runner/db';
import { rebuildProjection } from '../../projections/runner/rebuild';
import { buildAuditedShop, type AuditedShop } from '../api/auditTesting';
import { startTestPlatform, settle, type StorageKind, type TestPlatform } from '../api/testing';
import { ERASED_EMAIL, ERASED_TEXT } from '../eventstore/personalData';
import { orderStream } from '../sales/orders/orderEvents';
import { describeWithPostgres } from '../kit/testing/postgres';
import { verifyLog } from './verify';

/**
 * Erasure that keeps the books (docs/audit.md "Erasure"): after an admin erases an order's personal data, the
 * buyer's and attendees' names and addresses cannot be read back from the log, any read model, the outbox or a
 * rebuild, while every amount, ticket and check-in stays, and the hash chain still verifies.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function erasureSuite(kind: StorageKind) {
  let t: TestPlatform;
  let shop: AuditedShop;
  let admin: ReturnType<TestPlatform['client']>;
  let log: Knex;
  const orders = () => `/api/events/${shop.eventId}/orders`;

  /** Everything the store holds, as text: what someone reading the database files would see. */
  const rawLog = async (): Promise<string> => {
    const rows = await log('es_events').select<Record<string, unknown>[]>('type', 'data', 'metadata');
    return JSON.stringify(rows);
  };
  /** The read-model tables (and the log) in which `text` still appears. */
  const holding = async (text: string): Promise<string[]> => {
    const db = t.platform.services.db;
    const tables: { name: string }[] =
      kind === 'sqlite'
        ? await db.raw<{ name: string }[]>("select name from sqlite_master where type = 'table'")
        : (
            await db.raw<{ rows: { name: string }[] }>(
              "select tablename as name from pg_tables where schemaname = 'public'",
            )
          ).rows;
    const found: string[] = [];
    for (const { name } of tables)
      if (name !== 'es_events' && JSON.stringify(await db(name).select('*')).includes(text)) found.push(name);
    if ((await rawLog()).includes(text)) found.push('es_events');
    return found;
  };
  /** The figures an accountant reads: every order's money and every attendee's ticket, payment and state. */
  const books = async () => {
    const db = t.platform.services.db;
    return {
      orders: await db('orders')
        .where({ event_id: shop.eventId })
        .orderBy('id')
        .select(
          'id',
          'status',
          'total',
          'subtotal',
          'tax_total',
          'fee_total',
          'discount_total',
          'created_at',
        ),
      attendees: await db('attendees')
        .where({ event_id: shop.eventId })
        .orderBy('id')
        .select('id', 'ticket_id', 'status', 'payment'),
      lines: await db('order_lines').orderBy(['order_id', 'ticket_id']).select('*'),
      payments: await db('order_payments').orderBy('order_id').select('*'),
    };
  };

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    shop = await buildAuditedShop(t);
    admin = t.client(await t.login(t.admin.email, t.admin.password));
    const config = t.storage.eventStore;
    log = openReadModelDb(
      config.kind === 'sqlite'
        ? { kind: 'sqlite', file: config.file }
        : { kind: 'postgres', url: config.url },
    );
  });
  afterAll(async () => {
    await log?.destroy();
    await t?.close();
  });

  it('never writes a name, an address or a password hash into the log in clear', async () => {
    const raw = await rawLog();
    expect(raw).not.toContain('refund@example.test');
    expect(raw).not.toContain('Guest1');
    expect(raw).not.toContain(t.admin.email);
    expect(raw).not.toContain('$argon2');
    expect(raw).toContain('$pii');
    // Readers still get the data: the order's buyer as entered.
    const detail = await admin<{ data: { email: string; attendees: { first_name: string }[] } }>(
      'GET',
      `${orders()}/${shop.refundedOrder}`,
    );
    expect(detail.body.data.email).toBe('refund@example.test');
    expect(detail.body.data.attendees.map((a) => a.first_name).sort()).toEqual(['Guest0', 'Guest1']);
  });

  it('opens an event’s personal fields once, when a reader first touches them', async () => {
    const { store } = t.platform.services;
    const events = [];
    for await (const event of store.readStream(orderStream(shop.refundedOrder))) events.push(event);
    const details = events.find((event) => event.type === 'OrderDetailsSubmitted');
    if (!details) throw new Error('the order has no details');
    // Passing an event by (its type, its position) opens nothing: `data` is still the unread accessor.
    expect(typeof Object.getOwnPropertyDescriptor(details, 'data')?.get).toBe('function');
    const data = details.data as { buyer: { email: string } };
    expect(data.buyer.email).toBe('refund@example.test');
    expect(details.data).toBe(data);
    // Spread copies (the read side's `{ ...event }`) carry the opened values.
    expect(({ ...details }.data as { buyer: { email: string } }).buyer.email).toBe('refund@example.test');
  });

  it('is for admins of the order’s own account, and not while the buyer is still in the checkout', async () => {
    const other = await t.otherAccount();
    const foreign = await t.client(other.token)(
      'POST',
      `${orders()}/${shop.refundedOrder}/erase-personal-data`,
    );
    expect(foreign.status).toBe(404);

    const organizer = await admin<{ data: { id: string } }>('POST', '/api/users', {
      json: { first_name: 'Olga', last_name: 'Org', email: 'olga@example.test', role: 'ORGANIZER' },
    });
    expect(organizer.status, JSON.stringify(organizer.body)).toBe(201);

    const open = await t.client()<{ data: { id: string } }>(
      'POST',
      `/api/public/events/${shop.eventId}/orders`,
      {
        json: { lines: [{ ticket_id: shop.ticketId, quantity: 1 }] },
      },
    );
    expect(open.status).toBe(201);
    const refused = await admin<{ reason: string }>(
      'POST',
      `${orders()}/${open.body.data.id}/erase-personal-data`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.reason).toBe('order_still_open');
  });

  it('erases the buyer and attendees everywhere, keeps the books, and a rebuild cannot bring them back', async () => {
    expect(await settle(t.platform)).toBe(true);
    const before = await books();
    const db = t.platform.services.db;
    const mailsBefore = await db('mail_outbox').where({ aggregate_id: shop.refundedOrder }).count({ n: '*' });
    expect(Number(mailsBefore[0]?.n)).toBeGreaterThan(0);

    const erased = await admin<{ data: { email: string; first_name: string } }>(
      'POST',
      `${orders()}/${shop.refundedOrder}/erase-personal-data`,
    );
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body.data).toMatchObject({ email: ERASED_EMAIL, first_name: ERASED_TEXT });
    expect(await settle(t.platform)).toBe(true);

    // Once is enough: a second erasure changes nothing, and the order's mails can no longer be edited or sent.
    expect((await admin('POST', `${orders()}/${shop.refundedOrder}/erase-personal-data`)).status).toBe(200);
    const resend = await admin<{ reason: string }>(
      'POST',
      `${orders()}/${shop.refundedOrder}/resend-confirmation`,
    );
    expect([resend.status, resend.body.reason]).toEqual([409, 'personal_data_erased']);

    for (const personal of ['refund@example.test', 'guest0.refund@example.test', 'Guest1'])
      expect(await holding(personal), personal).toEqual([]);
    // The admins' audit log names who erased which order, and nothing of the person.
    const audit = await admin<{
      data: { actor: { name: string | null }; entity: { kind: string; id: string } }[];
    }>('GET', '/api/account/audit?type=OrderPersonalDataErased');
    expect(audit.status).toBe(200);
    expect(audit.body.data).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ name: 'Admin User' }) as unknown,
        entity: expect.objectContaining({ kind: 'order', id: shop.refundedOrder }) as unknown,
      }),
    ]);

    // Nobody else was erased.
    const kept = await admin<{ data: { email: string } }>('GET', `${orders()}/${shop.checkedInOrder}`);
    expect(kept.body.data.email).toBe('door@example.test');

    const key = await db<{ subject: string; key: string | null; erased_at: string | null }>(
      'personal_data_keys',
    )
      .where({ subject: `order:${shop.refundedOrder}` })
      .first();
    expect(key).toMatchObject({ key: null });
    expect(key?.erased_at).toEqual(expect.any(String));

    const mails = (await db('mail_outbox').where({ aggregate_id: shop.refundedOrder })) as {
      to_address: string;
      html_body: string;
      status: string;
    }[];
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails)
      expect(mail).toMatchObject({ to_address: ERASED_EMAIL, html_body: ERASED_TEXT });

    expect(await books()).toEqual(before);

    // A rebuild of every projection reads the erased events: the same erased rows, the same books.
    for (const projection of allProjections)
      await rebuildProjection(t.platform.services.store, db, projection, {
        logger: { info() {}, error() {} },
      });
    for (const personal of ['refund@example.test', 'Guest1'])
      expect(await holding(personal), personal).toEqual([]);
    expect(await books()).toEqual(before);
    const rebuilt = await admin<{ data: { email: string; attendees: { email: string }[] } }>(
      'GET',
      `${orders()}/${shop.refundedOrder}`,
    );
    expect(rebuilt.body.data.email).toBe(ERASED_EMAIL);
    expect(rebuilt.body.data.attendees.map((a) => a.email)).toEqual([ERASED_EMAIL, ERASED_EMAIL]);

    // The chain covers the sealed events, which erasing does not touch: the log still verifies clean.
    const report = await verifyLog({ store: t.platform.services.store, db });
    expect(report.findings).toEqual([]);
  });

  /** A member invited and joined under `email` (last name Vossberg), logged in once: their user id. */
  async function joinedMember(email: string, password: string): Promise<string> {
    const db = t.platform.services.db;
    const invited = await admin<{ data: { id: string } }>('POST', '/api/users', {
      json: { email, role: 'ORGANIZER', first_name: 'Mira', last_name: 'Vossberg' },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(await settle(t.platform)).toBe(true);
    const invitation = await db('mail_outbox')
      .where('to_address', email)
      .first<{ text_body: string } | undefined>('text_body');
    const token = /accept-invitation\/([A-Za-z0-9_-]+)/.exec(invitation?.text_body ?? '')?.[1];
    const joined = await t.client()('POST', `/api/auth/invitation/${token}`, {
      json: { first_name: 'Mira', last_name: 'Vossberg', password, password_confirmation: password },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    await t.login(email, password);
    return invited.body.data.id;
  }

  it('erases a former member: names, address and password hash gone everywhere, no login, the address free', async () => {
    const db = t.platform.services.db;
    const email = 'mira.member@example.test';
    const password = 'a long enough password';
    const userId = await joinedMember(email, password);

    const erase = (as = admin, id = userId) => as<{ reason?: string }>('POST', `/api/users/${id}/erase`);
    expect([(await erase()).status, (await erase()).body.reason]).toEqual([409, 'member_still_active']);
    const me = await admin<{ data: { id: string } }>('GET', '/api/users/me');
    expect((await erase(admin, me.body.data.id)).body.reason).toBe('cannot_lock_yourself_out');
    const other = await t.otherAccount();
    expect((await erase(t.client(other.token))).status).toBe(404);
    const deactivated = await admin('PUT', `/api/users/${userId}`, { json: { status: 'INACTIVE' } });
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);

    const erased = await erase();
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(await settle(t.platform)).toBe(true);
    const login = await t.client()('POST', '/api/auth/login', { json: { email, password } });
    expect(login.status).toBe(401);
    for (const personal of [email, 'Vossberg']) expect(await holding(personal), personal).toEqual([]);
    expect(await db('users').where({ id: userId }).first('password_hash')).toEqual({ password_hash: null });

    for (const projection of allProjections)
      await rebuildProjection(t.platform.services.store, db, projection, {
        logger: { info() {}, error() {} },
      });
    for (const personal of [email, 'Vossberg']) expect(await holding(personal), personal).toEqual([]);
    expect((await verifyLog({ store: t.platform.services.store, db })).findings).toEqual([]);

    // The address is free again: the person may join anew one day.
    const again = await admin('POST', '/api/users', {
      json: { email, role: 'ORGANIZER', first_name: 'Mira' },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((again.body as { data: { id: string } }).data.id).not.toBe(userId);
  });

  it('leaves no address of an erased member in the claims, even when the keeper reads the release after the key is gone', async () => {
    const email = 'late.keeper@example.test';
    const userId = await joinedMember(email, 'another long enough password');
    const deactivated = await admin('PUT', `/api/users/${userId}`, { json: { status: 'INACTIVE' } });
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    expect(await settle(t.platform)).toBe(true);
    // Every reader stands still until the release and the erasure are appended and the member's key is deleted, so
    // the first to read the release (and every reader after it, who shares what it read) does so without the key,
    // as a busy process may.
    const runners = [t.platform.runner, t.platform.worker.runner];
    for (const runner of runners) await runner.stop();
    let erasing: Promise<{ status: number }> | undefined;
    try {
      erasing = admin('POST', `/api/users/${userId}/erase`);
      const keys = () =>
        t.platform.services
          .db('personal_data_keys')
          .where({ subject: `user:${userId}` })
          .whereNotNull('erased_at');
      for (let waited = 0; (await keys()).length === 0 && waited < 5_000; waited += 20) await sleep(20);
    } finally {
      for (const runner of runners) await runner.start();
    }
    expect((await erasing).status).toBe(200);
    expect(await settle(t.platform)).toBe(true);
    expect(await holding(email)).toEqual([]);
  });
}

describe('erasure on SQLite', () => erasureSuite('sqlite'));
describeWithPostgres('erasure on PostgreSQL', () => erasureSuite('postgres'));

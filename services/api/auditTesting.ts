import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { expect } from 'vitest';
import { settle, type StorageKind, type TestPlatform } from './testing';
import { openEventStore, wallClock } from '../eventstore';
import { withPlatformPersonalData } from '../audit/personalDataStore';
import type { StorageConfig } from '../../projections/runner';
import { openReadModelDb, type ReadModelDbConfig } from '../../projections/runner/db';
import {
  copyMigratedSqliteFiles,
  createMigratedTestDatabase,
  sqliteFiles,
} from '../../projections/runner/testingTemplates';
import { verifyLog, type AuditReport } from '../audit/verify';

/** What the audit tests build through the API, the ids they tamper with. */
export interface AuditedShop {
  eventId: string;
  ticketId: string;
  /** Two seats, paid offline, 10.00 refunded. */
  refundedOrder: string;
  /** One seat, cancelled: its stock came back. */
  cancelledOrder: string;
  /** One seat, paid, its attendee admitted at the door. */
  checkedInOrder: string;
}

/** Orders with a refund, a cancellation and a check-in, made as an organizer and buyers would; settles the platform. */
export async function buildAuditedShop(t: TestPlatform): Promise<AuditedShop> {
  const token = await t.login(t.admin.email, t.admin.password);
  const api = t.client(token);
  const buyer = t.client();
  const organizer = await api<{ data: { id: string } }>('POST', '/api/organizers', {
    json: { name: 'Ledger Hall' },
  });
  const created = await api<{ data: { id: string } }>('POST', '/api/events', {
    json: {
      organizer_id: organizer.body.data.id,
      title: 'Audit Night',
      start_date: '2027-03-05T18:00:00+01:00',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
    },
  });
  const eventId = created.body.data.id;
  await api('PUT', `/api/events/${eventId}/settings`, { json: { offline_payments_enabled: true } });
  const ticket = await api<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
    json: { tax_and_fee_ids: [], type: 'PAID', title: 'Seat', price: 2500, quantity: 10 },
  });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
  const ticketId = ticket.body.data.id;
  expect((await api('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } })).status).toBe(200);

  const buy = async (quantity: number, email: string): Promise<string> => {
    const placed = await buyer<{ data: { id: string; short_id: string } }>(
      'POST',
      `/api/public/events/${eventId}/orders`,
      { json: { lines: [{ ticket_id: ticketId, quantity }] } },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { id, short_id: shortId } = placed.body.data;
    const detailed = await buyer('PUT', `/api/public/events/${eventId}/orders/${shortId}/details`, {
      json: {
        first_name: 'Ann',
        last_name: 'Lee',
        email,
        attendees: Array.from({ length: quantity }, (_, i) => ({
          first_name: `Guest${i}`,
          last_name: 'Lee',
          email: `guest${i}.${email}`,
        })),
        terms_agreed: true,
      },
    });
    expect(detailed.status, JSON.stringify(detailed.body)).toBe(200);
    const done = await buyer('POST', `/api/public/events/${eventId}/orders/${shortId}/complete`, {
      json: { payment_method: 'OFFLINE' },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return id;
  };
  const orders = `/api/events/${eventId}/orders`;

  const refundedOrder = await buy(2, 'refund@example.test');
  expect((await api('POST', `${orders}/${refundedOrder}/mark-paid`)).status).toBe(200);
  const refund = await api('POST', `${orders}/${refundedOrder}/refunds`, { json: { amount: 1000 } });
  expect(refund.status, JSON.stringify(refund.body)).toBe(201);

  const cancelledOrder = await buy(1, 'cancel@example.test');
  expect((await api('POST', `${orders}/${cancelledOrder}/cancel`)).status).toBe(200);

  const checkedInOrder = await buy(1, 'door@example.test');
  expect((await api('POST', `${orders}/${checkedInOrder}/mark-paid`)).status).toBe(200);
  const list = await api<{ data: { short_id: string } }>('POST', `/api/events/${eventId}/check-in-lists`, {
    json: { name: 'Main door', ticket_ids: [ticketId] },
  });
  expect(list.status, JSON.stringify(list.body)).toBe(201);
  const detail = await api<{ data: { attendees: { short_id: string }[] } }>(
    'GET',
    `${orders}/${checkedInOrder}`,
  );
  const attendee = detail.body.data.attendees[0]!.short_id;
  const scan = await buyer<{ data: { result: string } }>(
    'POST',
    `/api/public/check-in-lists/${list.body.data.short_id}/check-ins`,
    { json: { nonce: 'audit-scan-1', device_id: 'door-a', attendee_short_id: attendee } },
  );
  expect(scan.body.data?.result, JSON.stringify(scan.body)).toBe('admitted');

  expect(await settle(t.platform)).toBe(true);
  return { eventId, ticketId, refundedOrder, cancelledOrder, checkedInOrder };
}

/** The tables `audit:verify` reads besides the log. */
const readTables = ['orders', 'order_lines', 'order_payments', 'audit_chain'];

export interface StorageCopy {
  storage: StorageConfig;
  /** The copy's event table `es_events`, to tamper with. */
  events: Knex;
  readModels: Knex;
  verify(expectedLink?: { position: bigint; hash: string }): Promise<AuditReport>;
  close(): Promise<void>;
}

const dbConfig = (config: StorageConfig['eventStore']): ReadModelDbConfig =>
  config.kind === 'sqlite' ? { kind: 'sqlite', file: config.file } : { kind: 'postgres', url: config.url };

async function copyRows(to: Knex, table: string, select: Knex.QueryBuilder): Promise<void> {
  const rows = (await select) as Record<string, unknown>[];
  const columns = Object.keys(rows[0] ?? {}).length || 1;
  // SQLite binds at most 999 variables per statement.
  const chunk = Math.max(1, Math.floor(900 / columns));
  for (let i = 0; i < rows.length; i += chunk) await to(table).insert(rows.slice(i, i + chunk));
}

/** A copy of a platform's event log and of the read models the verifier reads, on fresh storage of the same kind. */
export async function copyStorage(kind: StorageKind, from: StorageConfig): Promise<StorageCopy> {
  const database = kind === 'postgres' ? await createMigratedTestDatabase('audit') : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'audit-copy-'));
  if (!database) await copyMigratedSqliteFiles(dataDir);
  const storage: StorageConfig = database
    ? {
        dataDir,
        eventStore: { kind: 'postgres', url: database.url },
        readModels: { kind: 'postgres', url: database.url },
      }
    : {
        dataDir,
        eventStore: { kind: 'sqlite', file: join(dataDir, sqliteFiles.eventStore) },
        readModels: { kind: 'sqlite', file: join(dataDir, sqliteFiles.readModels) },
      };
  const sourceEvents = openReadModelDb(dbConfig(from.eventStore));
  const sourceReads = openReadModelDb(from.readModels);
  const events = openReadModelDb(dbConfig(storage.eventStore));
  const readModels = database ? events : openReadModelDb(storage.readModels);
  try {
    const columns =
      kind === 'postgres'
        ? [
            'position',
            'id',
            'stream',
            'revision',
            'type',
            'recorded_at',
            sourceEvents.raw('data::text as data'),
            sourceEvents.raw('metadata::text as metadata'),
          ]
        : ['*'];
    await copyRows(events, 'es_events', sourceEvents('es_events').select(columns).orderBy('position'));
    for (const table of readTables) await copyRows(readModels, table, sourceReads(table).select('*'));
  } finally {
    await sourceEvents.destroy();
    await sourceReads.destroy();
  }
  return {
    storage,
    events,
    readModels,
    async verify(expectedLink) {
      const store = withPlatformPersonalData(await openEventStore(storage.eventStore), readModels, wallClock);
      try {
        return await verifyLog({ store, db: readModels, ...(expectedLink ? { expectedLink } : {}) });
      } finally {
        await store.close();
      }
    },
    async close() {
      await events.destroy();
      if (readModels !== events) await readModels.destroy();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

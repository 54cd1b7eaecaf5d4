import { constants, PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { startTestPlatform, type StorageKind, type TestPlatform } from '../../api/testing';

// Live memory, not garbage awaiting collection: the heap is measured right after a full collection.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const liveHeap = () => {
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

const rowCount = Number(process.env.EXPORT_ROWS ?? 100_000);
const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
/** A valid short id (services/kit/shortIds.ts alphabet) from a number. */
const shortIdOf = (n: number) => {
  let text = '';
  for (let rest = n; text.length < 20; rest = Math.floor(rest / 32)) text = alphabet[rest % 32] + text;
  return text;
};
const wide = (prefix: string, index: number) => `${prefix}${index}-${'x'.repeat(240)}`;

/**
 * A 100,000-row attendee export, seeded straight into the read model: streamed in pages, it never holds the
 * file or the rows in memory (the file is ~80 MB; the heap grows by far less), and the server answers other
 * requests while it streams.
 */
function bigExportSuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;
  let eventId: string;

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    token = await t.login(t.admin.email, t.admin.password);
    const api = t.client(token);
    const organizer = await api<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Big Hall' },
    });
    const event = await api<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Stadium',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    eventId = event.body.data.id;
    const db = t.platform.services.db;
    const base = Date.parse('2027-01-01T00:00:00.000Z');
    const batch = 400;
    for (let start = 0; start < rowCount; start += batch) {
      const rows = Array.from({ length: batch }, (_, offset) => {
        const index = start + offset;
        const at = new Date(base + index * 1_000).toISOString();
        return {
          id: `at_${index.toString(36).padStart(8, '0')}`,
          account_id: t.admin.accountId,
          event_id: eventId,
          order_id: `or_${Math.floor(index / 2)}`,
          position: index % 2,
          ticket_id: 'tk_seat0001',
          tier_id: null,
          short_id: shortIdOf(index),
          first_name: wide('First', index),
          last_name: wide('Last', index),
          email: `${wide('mail', index).slice(0, 250)}@example.com`,
          locale: 'en',
          status: 'ACTIVE',
          payment: 'PAID',
          answers: null,
          created_at: at,
          updated_at: at,
        };
      });
      await db('attendees').insert(rows);
    }
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('streams 100,000 attendees with a bounded heap while other requests are answered', async () => {
    const baseline = liveHeap();
    let peak = baseline;
    // A full collection of a worker's heap costs tens of milliseconds: one a second, plus the heap as every
    // major collection the export causes by itself leaves it, find the peak without doubling the export's time.
    const sampler = setInterval(() => {
      peak = Math.max(peak, liveHeap());
    }, 1_000);
    const majorCollections = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
          peak = Math.max(peak, process.memoryUsage().heapUsed);
    });
    majorCollections.observe({ entryTypes: ['gc'] });

    const started = Date.now();
    const url = `${t.baseUrl}/api/events/${eventId}/attendees/export?format=csv`;
    const init = { headers: { authorization: `Bearer ${token}` } };
    // The long seeding outlives the server's keep-alive: a pooled socket may be closed under the first try.
    const response = await fetch(url, init).catch(() => fetch(url, init));
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let bytes = 0;
    let newlines = 0;
    let otherAnsweredAt: number | null = null;
    let otherTook = 0;
    let other: Promise<void> | null = null;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (const byte of value) if (byte === 10) newlines++;
      if (!other && bytes > 1_000_000) {
        const asked = Date.now();
        other = t
          .client(token)('GET', `/api/events/${eventId}/attendees?per_page=5`)
          .then((answer) => {
            expect(answer.status).toBe(200);
            otherAnsweredAt = Date.now();
            otherTook = otherAnsweredAt - asked;
          });
      }
    }
    const finished = Date.now();
    clearInterval(sampler);
    majorCollections.disconnect();
    peak = Math.max(peak, liveHeap());
    await other;

    expect(newlines).toBe(rowCount + 1);
    expect(bytes).toBeGreaterThan(70_000_000);
    // Far below the file's size: neither the file nor the 100,000 rows were held.
    const growth = peak - baseline;
    expect(
      growth,
      `live heap grew by ${Math.round(growth / 1e6)} MB for a ${Math.round(bytes / 1e6)} MB file`,
    ).toBeLessThan(bytes / 4);
    // The other request was answered while the export was still streaming, and promptly.
    expect(otherAnsweredAt).not.toBeNull();
    expect(otherAnsweredAt!).toBeLessThan(finished);
    // Generous: the test machine's two cores are shared; a blocked loop would answer only after the export.
    expect(otherTook).toBeLessThan(10_000);
    expect(finished - started).toBeLessThan(240_000);
  }, 300_000);
}

describe('a big export on SQLite', () => bigExportSuite('sqlite'));
describeWithPostgres('a big export on PostgreSQL', () => bigExportSuite('postgres'));

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../eventstore/sqlite';
import type { EventStore, ExpectedRevision, NewEvent } from '../eventstore/port';
import { countingStreamReads } from '../eventstore/testing/countingReads';
import { CommandHandler, type CommandContext } from './commandHandler';
import type { Decider } from './decider';
import { Refusal, refuse } from './refusal';

/** A tiny inventory: a fixed capacity and holds against it. Overselling is the race these tests look for. */
type Reserve = { type: 'Reserve'; quantity: number };
type Reserved = { type: 'Reserved'; data: { quantity: number } };
type Inventory = { reserved: number };
const capacity = 100;

const inventory: Decider<Reserve, Reserved, Inventory> = {
  initialState: () => ({ reserved: 0 }),
  evolve: (state, event) => ({ reserved: state.reserved + event.data.quantity }),
  decide(command, state) {
    if (state.reserved + command.quantity > capacity) refuse('try_again', 'sold out');
    return [{ type: 'Reserved', data: { quantity: command.quantity } }];
  },
};

const context: CommandContext = { correlationId: 'corr-1', actor: 'us_1', ip: '127.0.0.1' };

/** What "the guard off" means: every append ignores the expected revision. Only for proving the tests bite. */
function withoutRevisionGuard(store: EventStore): EventStore {
  return {
    kind: store.kind,
    append: (stream: string, events: readonly NewEvent[], _options: { expected: ExpectedRevision }) =>
      store.append(stream, events, { expected: 'any' }),
    readStream: (stream, options) => store.readStream(stream, options),
    readAll: (options) => store.readAll(options),
    subscribe: (options) => store.subscribe(options),
    head: () => store.head(),
    close: () => store.close(),
  };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

async function reservedInStore(store: EventStore, stream: string): Promise<number> {
  let total = 0;
  for await (const event of store.readStream(stream)) total += (event.data as { quantity: number }).quantity;
  return total;
}

/** Two handlers stand for two processes: they share the store but not their queues or caches. */
async function rush(handlers: CommandHandler[], stream: string, attempts: number) {
  const results = await Promise.allSettled(
    Array.from({ length: attempts }, (_, i) =>
      handlers[i % handlers.length]!.handle(inventory, stream, { type: 'Reserve', quantity: 1 }, context),
    ),
  );
  return {
    accepted: results.filter((r) => r.status === 'fulfilled').length,
    refused: results.filter((r) => r.status === 'rejected' && r.reason instanceof Refusal).length,
    failed: results.filter((r) => r.status === 'rejected' && !(r.reason instanceof Refusal)).length,
  };
}

describe('CommandHandler on SQLite', () => {
  let dir: string;
  let store: EventStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'commands-'));
    store = await openSqliteEventStore(join(dir, 'events.sqlite'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('never oversells when two processes rush one stream', async () => {
    const handlers = [
      new CommandHandler(store, { maxRetries: 50 }),
      new CommandHandler(store, { maxRetries: 50 }),
    ];
    const outcome = await rush(handlers, 'inventory-1', 300);
    expect(outcome.failed).toBe(0);
    expect(outcome.accepted).toBe(capacity);
    expect(outcome.refused).toBe(300 - capacity);
    expect(await reservedInStore(store, 'inventory-1')).toBe(capacity);
  });

  it('oversells with the revision guard off (the rush test above would catch it)', async () => {
    const unguarded = withoutRevisionGuard(store);
    const handlers = [
      new CommandHandler(unguarded),
      new CommandHandler(unguarded),
      new CommandHandler(unguarded),
    ];
    await rush(handlers, 'inventory-1', 300);
    expect(await reservedInStore(store, 'inventory-1')).toBeGreaterThan(capacity);
  });

  it('decides queued commands on one stream in batches, with one append per batch', async () => {
    let appends = 0;
    const counting: EventStore = {
      ...withoutRevisionGuard(store),
      append: (stream, events, options) => {
        appends++;
        return store.append(stream, events, options);
      },
    };
    const outcome = await rush([new CommandHandler(counting)], 'inventory-2', 150);
    expect(outcome.accepted).toBe(capacity);
    expect(outcome.refused).toBe(50);
    expect(appends).toBeLessThan(20);
    expect(await reservedInStore(store, 'inventory-2')).toBe(capacity);
  });

  it('refuses with try_again when conflicts outlast the retries', async () => {
    const impatient = [0, 1, 2, 3].map(() => new CommandHandler(store, { maxRetries: 0, maxBatch: 1 }));
    const results = await Promise.allSettled(
      Array.from({ length: 80 }, (_, i) =>
        impatient[i % 4]!.handle(inventory, 'inventory-3', { type: 'Reserve', quantity: 1 }, context),
      ),
    );
    const reasons = results.flatMap((r) =>
      r.status === 'rejected' && r.reason instanceof Refusal ? [r.reason.reason] : [],
    );
    expect(reasons).toContain('try_again');
    expect(await reservedInStore(store, 'inventory-3')).toBe(
      results.filter((r) => r.status === 'fulfilled').length,
    );
  });

  it('stamps every event with correlation, causation, actor and IP', async () => {
    const handler = new CommandHandler(store);
    const result = await handler.handle(inventory, 'inventory-4', { type: 'Reserve', quantity: 2 }, context);
    expect(result.revision).toBe(0n);
    const [event] = await collect(store.readStream('inventory-4'));
    expect(event?.metadata).toEqual({
      correlationId: 'corr-1',
      causationId: 'corr-1',
      actor: 'us_1',
      ip: '127.0.0.1',
    });
    expect(result.position).toBe(event?.position);
  });

  it('records the schema version of a type above version 1 and folds older versions in today’s shape', async () => {
    type Completed = { type: 'OrderCompleted'; data: { orderId: string; completedAt: string } };
    const completions: Decider<{ type: 'Complete' }, Completed, string[]> = {
      initialState: () => [],
      evolve: (seen, event) => [...seen, event.data.completedAt],
      decide: () => [
        { type: 'OrderCompleted', data: { orderId: 'o1', completedAt: '2026-02-01T00:00:00.000Z' } },
      ],
    };
    const written = { correlationId: 'c', causationId: 'c', actor: 'system' };
    await store.append(
      'order-o1',
      [
        {
          id: 'old-1',
          type: 'OrderCompleted',
          data: { orderId: 'o1', paidAt: '2026-01-01T00:00:00.000Z' },
          metadata: written,
        },
      ],
      { expected: 'no_stream' },
    );
    const result = await new CommandHandler(store).handle(
      completions,
      'order-o1',
      { type: 'Complete' },
      context,
    );
    expect(result.state).toEqual(['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z']);
    const [, latest] = await collect(store.readStream('order-o1'));
    expect(latest?.metadata.schemaVersion).toBe(2);
  });

  it('catches a cached state up with what another process appended', async () => {
    const first = new CommandHandler(store);
    const second = new CommandHandler(store);
    await first.handle(inventory, 'inventory-5', { type: 'Reserve', quantity: 60 }, context);
    await second.handle(inventory, 'inventory-5', { type: 'Reserve', quantity: 30 }, context);
    await expect(
      first.handle(inventory, 'inventory-5', { type: 'Reserve', quantity: 20 }, context),
    ).rejects.toBeInstanceOf(Refusal);
    const accepted = await first.handle(inventory, 'inventory-5', { type: 'Reserve', quantity: 10 }, context);
    expect(accepted.state).toEqual({ reserved: 100 });
    expect(accepted.revision).toBe(2n);
  });

  it('writes a retried request with the same idempotency key once', async () => {
    const handler = new CommandHandler(store);
    const keyed = { ...context, idempotencyKey: 'request-42' };
    const first = await handler.handle(inventory, 'inventory-6', { type: 'Reserve', quantity: 1 }, keyed);
    const retry = await handler.handle(inventory, 'inventory-6', { type: 'Reserve', quantity: 1 }, keyed);
    expect(retry.position).toBe(first.position);
    expect(await reservedInStore(store, 'inventory-6')).toBe(1);
    const next = await handler.handle(inventory, 'inventory-6', { type: 'Reserve', quantity: 1 }, context);
    expect(next.state).toEqual({ reserved: 2 });
    expect(await reservedInStore(store, 'inventory-6')).toBe(2);
  });

  it("never fails other clients' commands queued in one batch with a replayed key", async () => {
    const handler = new CommandHandler(store);
    const keyed = { ...context, idempotencyKey: 'request-43' };
    await handler.handle(inventory, 'inventory-7', { type: 'Reserve', quantity: 1 }, keyed);
    // The first command drains alone; the replay and another client's command queue behind it as one batch.
    const results = await Promise.allSettled([
      handler.handle(inventory, 'inventory-7', { type: 'Reserve', quantity: 1 }, context),
      handler.handle(inventory, 'inventory-7', { type: 'Reserve', quantity: 1 }, keyed),
      handler.handle(inventory, 'inventory-7', { type: 'Reserve', quantity: 1 }, context),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(await reservedInStore(store, 'inventory-7')).toBe(3);
  });
});

/** A gate the organizer opens: entering is refused while it is closed, so a later event can turn a refusal round. */
type GateCommand = { type: 'Install' } | { type: 'Open' } | { type: 'Enter' };
type GateEvent =
  { type: 'Installed'; data: object } | { type: 'Opened'; data: object } | { type: 'Entered'; data: object };
type Gate = { open: boolean; entered: number };
const gate: Decider<GateCommand, GateEvent, Gate> = {
  initialState: () => ({ open: false, entered: 0 }),
  evolve: (state, event) =>
    event.type === 'Opened'
      ? { ...state, open: true }
      : event.type === 'Entered'
        ? { ...state, entered: state.entered + 1 }
        : state,
  decide(command, state) {
    if (command.type === 'Install') return [{ type: 'Installed', data: {} }];
    if (command.type === 'Open') return state.open ? [] : [{ type: 'Opened', data: {} }];
    if (!state.open) refuse('list_not_active');
    return [{ type: 'Entered', data: {} }];
  },
};

describe('CommandHandler deciding on the state it remembers', () => {
  let dir: string;
  let store: EventStore;
  let reads: string[];
  let counting: EventStore;
  const reserve = (handler: CommandHandler, stream: string, quantity: number) =>
    handler.handle(inventory, stream, { type: 'Reserve', quantity }, context);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'commands-remembered-'));
    store = await openSqliteEventStore(join(dir, 'events.sqlite'));
    ({ store: counting, reads } = countingStreamReads(store));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('appends without reading a stream it appended to or read a moment ago', async () => {
    const handler = new CommandHandler(counting);
    await reserve(handler, 'inventory-8', 1);
    expect(reads).toEqual(['inventory-8']);
    await handler.load(inventory, 'inventory-9');
    await store.append(
      'inventory-9',
      [
        {
          id: 'r9',
          type: 'Reserved',
          data: { quantity: 1 },
          metadata: { ...context, causationId: 'corr-1' },
        },
      ],
      {
        expected: 'no_stream',
      },
    );
    await handler.load(inventory, 'inventory-9');
    reads.length = 0;
    const appended = await reserve(handler, 'inventory-8', 2);
    const afterRead = await reserve(handler, 'inventory-9', 3);
    expect(reads).toEqual([]);
    expect(appended.state).toEqual({ reserved: 3 });
    expect(afterRead.state).toEqual({ reserved: 4 });
  });

  it('starts a stream it found empty without reading it again, and reads it when another process started it', async () => {
    const handler = new CommandHandler(counting);
    const rival = new CommandHandler(store);
    await handler.load(inventory, 'inventory-11');
    await handler.load(inventory, 'inventory-12');
    await reserve(rival, 'inventory-12', 7);
    reads.length = 0;
    const started = await reserve(handler, 'inventory-11', 1);
    expect(reads).toEqual([]);
    expect(started.revision).toBe(0n);
    const caughtUp = await reserve(handler, 'inventory-12', 1);
    expect(reads).toEqual(['inventory-12']);
    expect(caughtUp.state).toEqual({ reserved: 8 });
  });

  it('reads the stream and decides again when another process appended since', async () => {
    const first = new CommandHandler(counting);
    const second = new CommandHandler(store);
    await reserve(first, 'inventory-10', 60);
    await reserve(second, 'inventory-10', 30);
    reads.length = 0;
    await expect(reserve(first, 'inventory-10', 20)).rejects.toBeInstanceOf(Refusal);
    expect(reads).toEqual(['inventory-10']);
    expect(await reservedInStore(store, 'inventory-10')).toBe(90);
    // Found outdated once, the stream is read before deciding for a while: others append to it too.
    reads.length = 0;
    await reserve(first, 'inventory-10', 5);
    expect(reads).toEqual(['inventory-10']);
    expect(await reservedInStore(store, 'inventory-10')).toBe(95);
  });

  it('confirms a refusal on the stream as it is now, not on the state it remembers', async () => {
    const door = new CommandHandler(counting);
    const organizer = new CommandHandler(store);
    await door.handle(gate, 'gate-1', { type: 'Install' }, context);
    await organizer.handle(gate, 'gate-1', { type: 'Open' }, context);
    // The door still remembers the gate closed; the stream says it is open.
    const entered = await door.handle(gate, 'gate-1', { type: 'Enter' }, context);
    expect(entered.state).toEqual({ open: true, entered: 1 });
    expect(entered.revision).toBe(2n);
  });
});

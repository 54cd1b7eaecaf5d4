import { afterEach, expect, it } from 'vitest';
import { describeEachStorage, type TestStorage } from '../../projections/runner/testing';
import type { EventStore } from '../eventstore/port';
import { countingStreamReads } from '../eventstore/testing/countingReads';
import { CommandHandler, type CommandContext } from './commandHandler';
import type { Decider } from './decider';
import { refuse } from './refusal';
import { runChain, step } from './workflow';

/** Stock of one event: units held by id, against a capacity. */
type StockCommand = { type: 'Hold'; holdId: string; quantity: number } | { type: 'Release'; holdId: string };
type StockEvent =
  | { type: 'Held'; data: { holdId: string; quantity: number } }
  | { type: 'Released'; data: { holdId: string } };
interface Stock {
  holds: ReadonlyMap<string, number>;
}
const capacity = 3;
const held = (state: Stock) => [...state.holds.values()].reduce((a, b) => a + b, 0);
const stock: Decider<StockCommand, StockEvent, Stock> = {
  initialState: () => ({ holds: new Map() }),
  evolve(state, event) {
    const holds = new Map(state.holds);
    if (event.type === 'Held') holds.set(event.data.holdId, event.data.quantity);
    else holds.delete(event.data.holdId);
    return { holds };
  },
  decide(command, state) {
    if (command.type === 'Release')
      return state.holds.has(command.holdId) ? [{ type: 'Released', data: { holdId: command.holdId } }] : [];
    if (state.holds.has(command.holdId)) return [];
    if (held(state) + command.quantity > capacity) refuse('sold_out');
    return [{ type: 'Held', data: { holdId: command.holdId, quantity: command.quantity } }];
  },
};

/** An order that needs its hold: placed once, refused when it exists. */
type OrderCommand = { type: 'Place'; orderId: string; holdId: string; quantity: number };
type OrderEvent = { type: 'Placed'; data: { orderId: string; holdId: string; quantity: number } };
type Order = { placed: false } | { placed: true; holdId: string; quantity: number };
const order: Decider<OrderCommand, OrderEvent, Order> = {
  initialState: () => ({ placed: false }),
  evolve: (_state, event) => ({ placed: true, holdId: event.data.holdId, quantity: event.data.quantity }),
  decide(command, state) {
    if (state.placed) refuse('order_already_processed');
    return [{ type: 'Placed', data: { ...command } }];
  },
};

const context: CommandContext = { correlationId: 'corr-1', actor: 'us_1' };

async function types(store: EventStore, stream: string): Promise<string[]> {
  const found: string[] = [];
  for await (const event of store.readStream(stream)) found.push(event.type);
  return found;
}

/** The two steps of placing an order: hold the units, then place the order that names the hold. */
function placeSteps(orderId: string, quantity: number, options: { compensated: boolean }) {
  const holdId = `hold-${orderId}`;
  const hold = step({
    name: 'hold',
    decider: stock,
    stream: 'stock-e1',
    command: { type: 'Hold', holdId, quantity },
    ...(options.compensated
      ? {
          compensate: () =>
            step({
              name: 'release',
              decider: stock,
              stream: 'stock-e1',
              command: { type: 'Release', holdId },
            }),
        }
      : {}),
  });
  const place = step({
    name: 'place',
    decider: order,
    stream: `order-${orderId}`,
    // Derived from the hold step's state: the order records what the stock holds for it.
    command: (_state, earlier) => {
      const after = earlier<Stock>(hold);
      return { type: 'Place', orderId, holdId, quantity: after.holds.get(holdId) ?? 0 };
    },
  });
  return [hold, place];
}

describeEachStorage('a workflow over several streams', (open) => {
  let storage: TestStorage | undefined;
  afterEach(async () => {
    await storage?.close();
    storage = undefined;
  });

  it('appends the steps in order, derives a command from an earlier step, and answers the last position', async () => {
    storage = await open();
    const commands = new CommandHandler(storage.store);
    const outcome = await runChain(commands, placeSteps('o1', 2, { compensated: true }), context);
    expect(await types(storage.store, 'stock-e1')).toEqual(['Held']);
    expect(await types(storage.store, 'order-o1')).toEqual(['Placed']);
    expect(outcome.states.get('place')).toEqual({ placed: true, holdId: 'hold-o1', quantity: 2 });
    expect(outcome.position).toBe(await storage.store.head());
  });

  it('writes nothing when any step is refused ahead, even the last', async () => {
    storage = await open();
    const commands = new CommandHandler(storage.store);
    await runChain(commands, placeSteps('o1', 1, { compensated: true }), context);
    const head = await storage.store.head();
    // The stock would take it, but the order exists: the hold must not be written.
    const holdThenPlaceAgain = [
      step({
        name: 'hold',
        decider: stock,
        stream: 'stock-e1',
        command: { type: 'Hold', holdId: 'h-2', quantity: 1 },
      }),
      step({
        name: 'place',
        decider: order,
        stream: 'order-o1',
        command: { type: 'Place', orderId: 'o1', holdId: 'h-2', quantity: 1 },
      }),
    ];
    await expect(runChain(commands, holdThenPlaceAgain, context)).rejects.toMatchObject({
      reason: 'order_already_processed',
    });
    // Too many units: refused at the first step.
    await expect(
      runChain(commands, placeSteps('o2', 3, { compensated: true }), context),
    ).rejects.toMatchObject({
      reason: 'sold_out',
    });
    expect(await storage.store.head()).toBe(head);
  });

  it('undoes the appended steps when a race refuses a later one, and names the refusal', async () => {
    storage = await open();
    const commands = new CommandHandler(storage.store);
    const rival = new CommandHandler(storage.store);
    // Between the plan and the order's append, another process places the same order.
    const racing: Pick<CommandHandler, 'load' | 'handle' | 'remembered'> = {
      load: (decider, stream) => commands.load(decider, stream),
      remembered: (decider, stream) => commands.remembered(decider, stream),
      handle: async (decider, stream, command, stepContext) => {
        if (stream === 'order-o1')
          await rival.handle(
            order,
            'order-o1',
            { type: 'Place', orderId: 'o1', holdId: 'rival', quantity: 1 },
            context,
          );
        return commands.handle(decider, stream, command, stepContext);
      },
    };
    await expect(runChain(racing, placeSteps('o1', 2, { compensated: true }), context)).rejects.toMatchObject(
      {
        reason: 'order_already_processed',
      },
    );
    expect(await types(storage.store, 'stock-e1')).toEqual(['Held', 'Released']);
    const { state } = await commands.load(stock, 'stock-e1');
    expect(held(state)).toBe(0);
  });

  it('leaves an uncompensated step as it was appended, for its keeper to settle', async () => {
    storage = await open();
    const commands = new CommandHandler(storage.store);
    const rival = new CommandHandler(storage.store);
    const racing: Pick<CommandHandler, 'load' | 'handle' | 'remembered'> = {
      load: (decider, stream) => commands.load(decider, stream),
      remembered: (decider, stream) => commands.remembered(decider, stream),
      handle: async (decider, stream, command, stepContext) => {
        if (stream === 'order-o1')
          await rival.handle(
            order,
            'order-o1',
            { type: 'Place', orderId: 'o1', holdId: 'rival', quantity: 1 },
            context,
          );
        return commands.handle(decider, stream, command, stepContext);
      },
    };
    await expect(
      runChain(racing, placeSteps('o1', 2, { compensated: false }), context),
    ).rejects.toMatchObject({
      reason: 'order_already_processed',
    });
    expect(await types(storage.store, 'stock-e1')).toEqual(['Held']);
  });

  it('gives two steps on one stream their own event ids under one idempotency key, and a replay writes nothing', async () => {
    storage = await open();
    const commands = new CommandHandler(storage.store);
    const keyed: CommandContext = { ...context, idempotencyKey: 'key-1' };
    const twoHolds = () => [
      step({
        name: 'first',
        decider: stock,
        stream: 'stock-e1',
        command: { type: 'Hold', holdId: 'a', quantity: 1 },
      }),
      step({
        name: 'second',
        decider: stock,
        stream: 'stock-e1',
        command: { type: 'Hold', holdId: 'b', quantity: 1 },
      }),
    ];
    const first = await runChain(commands, twoHolds(), keyed);
    expect(await types(storage.store, 'stock-e1')).toEqual(['Held', 'Held']);
    // The same request again (a retry after a lost answer), on a handler with no cache: the same ids, no new events.
    const replay = await runChain(new CommandHandler(storage.store), twoHolds(), keyed);
    expect(replay.position).toBeNull();
    expect(await types(storage.store, 'stock-e1')).toEqual(['Held', 'Held']);
    expect(first.position).toBe(await storage.store.head());
  });

  it('answers no position when no step has anything to do', async () => {
    storage = await open();
    const commands = new CommandHandler(storage.store);
    const nothing = await runChain(
      commands,
      [step({ name: 'release', decider: stock, stream: 'stock-e1', command: () => null })],
      context,
    );
    expect(nothing.position).toBeNull();
    expect(nothing.results.size).toBe(0);
  });

  /** The handler of "this process", reading through a store that counts its stream reads. */
  function countedHandler(store: EventStore) {
    const counting = countingStreamReads(store);
    return { commands: new CommandHandler(counting.store), reads: counting.reads };
  }
  const hold = (holdId: string, quantity: number) =>
    step({ name: 'hold', decider: stock, stream: 'stock-e1', command: { type: 'Hold', holdId, quantity } });

  it('plans on the states this process remembers, without reading the streams again', async () => {
    storage = await open();
    const { commands, reads } = countedHandler(storage.store);
    await runChain(commands, [hold('h1', 1)], context);
    reads.length = 0;
    const outcome = await runChain(commands, [hold('h2', 1)], context);
    expect(reads).toEqual([]);
    expect(outcome.position).not.toBeNull();
    expect(await types(storage.store, 'stock-e1')).toEqual(['Held', 'Held']);
  });

  it('plans again on the streams as read now when a remembered state refuses a step', async () => {
    storage = await open();
    const { commands, reads } = countedHandler(storage.store);
    const rival = new CommandHandler(storage.store);
    await runChain(commands, [hold('h1', 3)], context);
    // Another process releases the units; this one still remembers them held.
    await rival.handle(stock, 'stock-e1', { type: 'Release', holdId: 'h1' }, context);
    reads.length = 0;
    const outcome = await runChain(commands, [hold('h2', 2)], context);
    expect(outcome.position).not.toBeNull();
    expect(reads).toContain('stock-e1');
    expect(await types(storage.store, 'stock-e1')).toEqual(['Held', 'Released', 'Held']);
  });

  it('plans again on the streams as read now when a remembered state leaves a step out', async () => {
    storage = await open();
    const { commands } = countedHandler(storage.store);
    const rival = new CommandHandler(storage.store);
    await runChain(commands, [hold('h1', 1)], context);
    await rival.handle(stock, 'stock-e1', { type: 'Release', holdId: 'h1' }, context);
    // Remembered, h1 is held already (nothing to do); in the stream it was released, so it is held again.
    const outcome = await runChain(commands, [hold('h1', 1)], context);
    expect(outcome.position).not.toBeNull();
    expect(await types(storage.store, 'stock-e1')).toEqual(['Held', 'Released', 'Held']);
  });
});

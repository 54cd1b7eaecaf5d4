import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachStorage, type TestStorage } from '../../../projections/runner/testing';
import type { EventStore, ExpectedRevision, NewEvent } from '../../eventstore/port';
import { ManualClock, randomIds, type IdSource } from '../../kit/clock';
import { CommandHandler, type CommandContext } from '../../kit/commandHandler';
import { isRefusal } from '../../kit/refusal';
import { inventoryDecider } from '../../inventory/inventoryDecider';
import { inventoryStream } from '../../inventory/inventoryEvents';
import { promoCodeClaimStream } from './promoCodeClaims';
import {
  createPromoCode,
  deletePromoCode,
  updatePromoCode,
  type PromoCodeServices,
} from './promoCodeCommands';
import { promoCodeDecider } from './promoCodeDecider';
import { promoCodeStream, type PromoCodeDefinition } from './promoCodeEvents';

const context: CommandContext = { correlationId: 'corr-promo', actor: 'us_1' };

const definition = (code: string): PromoCodeDefinition => ({
  code,
  discountType: 'PERCENT',
  discount: 10,
  expiresAt: null,
  maxUsages: 50,
  applicableTicketIds: [],
});

/**
 * What "the guard off" means: every append ignores the expected revision. Only for proving the race test
 * bites. Both racers have read the claim stream (planning and appending) before either appends (a barrier), as
 * they may in production.
 */
function withoutRevisionGuard(store: EventStore, racers: number): EventStore {
  let arrived = 0;
  let allArrived!: () => void;
  const barrier = new Promise<void>((resolve) => (allArrived = resolve));
  return {
    ...store,
    readStream: (stream, options) => store.readStream(stream, options),
    async append(stream: string, events: readonly NewEvent[], _options: { expected: ExpectedRevision }) {
      if (stream.startsWith('promo-code-claim-')) {
        if (++arrived === racers) allArrived();
        await barrier;
      }
      return store.append(stream, events, { expected: 'any' });
    },
  };
}

async function typesIn(store: EventStore, stream: string): Promise<string[]> {
  const types: string[] = [];
  for await (const event of store.readStream(stream)) types.push(event.type);
  return types;
}

async function promoCodesCreated(store: EventStore): Promise<string[]> {
  const codes: string[] = [];
  for await (const event of store.readAll())
    if (event.type === 'PromoCodeCreated') codes.push((event.data as { code: string }).code);
  return codes;
}

describeEachStorage('promo code workflows', (open) => {
  let storage: TestStorage;
  const clock = new ManualClock(new Date('2026-11-22T10:00:00.000Z'));
  /** One API process: its own command handler (own queue and cache) over the shared store. */
  const process = (store: EventStore, ids: IdSource = randomIds): PromoCodeServices => ({
    commands: new CommandHandler(store),
    clock,
    ids,
  });
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage?.close();
  });

  async function race(first: PromoCodeServices, second: PromoCodeServices) {
    return Promise.allSettled([
      createPromoCode(first, { eventId: 'ev_1', definition: definition('SUMMER') }, context),
      createPromoCode(second, { eventId: 'ev_1', definition: definition('summer') }, context),
    ]);
  }

  it('lets exactly one of two processes create SUMMER and summer in one event at the same moment', async () => {
    const outcomes = await race(process(storage.store), process(storage.store));
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const lost = outcomes.filter(
      (outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected',
    );
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const reason: unknown = lost[0]!.reason;
    expect(isRefusal(reason) && reason.reason).toBe('promo_code_taken');
    expect(isRefusal(reason) && reason.fieldErrors).toEqual({
      code: ['This code is already used in this event'],
    });
    expect(await promoCodesCreated(storage.store)).toHaveLength(1);
    expect(await typesIn(storage.store, promoCodeClaimStream('ev_1', 'SUMMER'))).toEqual([
      'PromoCodeClaimed',
    ]);
  });

  it('lets exactly one through within one process too', async () => {
    const one = process(storage.store);
    const outcomes = await race(one, one);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await promoCodesCreated(storage.store)).toHaveLength(1);
  });

  it('creates both with the revision guard off (the race test above would catch it)', async () => {
    const unguarded = withoutRevisionGuard(storage.store, 2);
    const outcomes = await race(process(unguarded), process(unguarded));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    expect((await promoCodesCreated(storage.store)).sort()).toEqual(['SUMMER', 'summer']);
  });

  it('keeps the same code apart in different events', async () => {
    const api = process(storage.store);
    await createPromoCode(api, { eventId: 'ev_1', definition: definition('SUMMER') }, context);
    await createPromoCode(api, { eventId: 'ev_2', definition: definition('SUMMER') }, context);
    expect(await promoCodesCreated(storage.store)).toEqual(['SUMMER', 'SUMMER']);
  });

  it('refuses bad input before claiming anything', async () => {
    const api = process(storage.store);
    await expect(
      createPromoCode(
        api,
        { eventId: 'ev_1', definition: { ...definition('SUMMER'), discount: 101 } },
        context,
      ),
    ).rejects.toMatchObject({
      reason: 'validation_failed',
      fieldErrors: { discount: ['A percentage must be above 0 and at most 100'] },
    });
    expect(await typesIn(storage.store, promoCodeClaimStream('ev_1', 'SUMMER'))).toEqual([]);
  });

  it('claims nothing when the creation is refused, and releases the claim when it is refused after it', async () => {
    // The same id twice: the second creation is refused by its promo code stream before anything is written.
    const sameId: IdSource = { ...randomIds, entity: () => 'pc_fixed' };
    const api = process(storage.store, sameId);
    await createPromoCode(api, { eventId: 'ev_1', definition: definition('ALPHA') }, context);
    await expect(
      createPromoCode(api, { eventId: 'ev_1', definition: definition('BETA') }, context),
    ).rejects.toMatchObject({ reason: 'promo_code_already_exists' });
    expect(await typesIn(storage.store, promoCodeClaimStream('ev_1', 'BETA'))).toEqual([]);

    // Another process creates the promo code between the plan and the append: the claim is undone.
    const raced: EventStore = {
      ...storage.store,
      readStream: (stream, options) => storage.store.readStream(stream, options),
      async append(stream, events, options) {
        if (stream === promoCodeStream('pc_raced') && options.expected !== 'any')
          await new CommandHandler(storage.store).handle(
            promoCodeDecider,
            stream,
            {
              type: 'CreatePromoCode',
              promoCodeId: 'pc_raced',
              eventId: 'ev_1',
              definition: definition('OTHER'),
              now: clock.now(),
            },
            context,
          );
        return storage.store.append(stream, events, options);
      },
    };
    await expect(
      createPromoCode(
        process(raced, { ...randomIds, entity: () => 'pc_raced' }),
        { eventId: 'ev_1', definition: definition('GAMMA') },
        context,
      ),
    ).rejects.toMatchObject({ reason: 'promo_code_already_exists' });
    expect(await typesIn(storage.store, promoCodeClaimStream('ev_1', 'GAMMA'))).toEqual([
      'PromoCodeClaimed',
      'PromoCodeReleased',
    ]);
    await createPromoCode(
      process(storage.store),
      { eventId: 'ev_1', definition: definition('beta') },
      context,
    );
  });

  it('moves the claim when a code is renamed, and frees it when the code is deleted', async () => {
    const api = process(storage.store);
    const summer = await createPromoCode(api, { eventId: 'ev_1', definition: definition('SUMMER') }, context);
    await updatePromoCode(
      api,
      { eventId: 'ev_1', promoCodeId: summer.promoCodeId, changes: { code: 'WINTER' } },
      context,
    );
    await expect(
      createPromoCode(api, { eventId: 'ev_1', definition: definition('winter') }, context),
    ).rejects.toMatchObject({ reason: 'promo_code_taken' });
    await createPromoCode(api, { eventId: 'ev_1', definition: definition('summer') }, context);

    await deletePromoCode(api, { eventId: 'ev_1', promoCodeId: summer.promoCodeId }, context);
    await createPromoCode(api, { eventId: 'ev_1', definition: definition('Winter') }, context);
  });

  it('refuses a rename to a code another promo code holds, and keeps its own', async () => {
    const api = process(storage.store);
    const first = await createPromoCode(api, { eventId: 'ev_1', definition: definition('SUMMER') }, context);
    await createPromoCode(api, { eventId: 'ev_1', definition: definition('WINTER') }, context);
    await expect(
      updatePromoCode(
        api,
        { eventId: 'ev_1', promoCodeId: first.promoCodeId, changes: { code: 'winter' } },
        context,
      ),
    ).rejects.toMatchObject({ reason: 'promo_code_taken' });
    await expect(
      createPromoCode(api, { eventId: 'ev_1', definition: definition('summer') }, context),
    ).rejects.toMatchObject({ reason: 'promo_code_taken' });
  });

  it('keeps the claim when only the case of the code changes', async () => {
    const api = process(storage.store);
    const code = await createPromoCode(api, { eventId: 'ev_1', definition: definition('SUMMER') }, context);
    await updatePromoCode(
      api,
      { eventId: 'ev_1', promoCodeId: code.promoCodeId, changes: { code: 'Summer' } },
      context,
    );
    expect(await typesIn(storage.store, promoCodeClaimStream('ev_1', 'summer'))).toEqual([
      'PromoCodeClaimed',
    ]);
  });

  it("mirrors the maximum uses into the event's inventory, and refuses a cap below the uses taken", async () => {
    const api = process(storage.store);
    const caps = async () => {
      const caps: unknown[] = [];
      for await (const event of storage.store.readStream(inventoryStream('ev_1')))
        if (event.type === 'PromoCapDefined') caps.push((event.data as { maxUses: number | null }).maxUses);
      return caps;
    };
    const code = await createPromoCode(api, { eventId: 'ev_1', definition: definition('SUMMER') }, context);
    expect(await caps()).toEqual([50]);
    const { promoCodeId } = code;
    await updatePromoCode(api, { eventId: 'ev_1', promoCodeId, changes: { maxUsages: 3 } }, context);
    expect(await caps()).toEqual([50, 3]);

    const inventory = (command: Parameters<typeof inventoryDecider.decide>[0]) =>
      api.commands.handle(inventoryDecider, inventoryStream('ev_1'), command, context);
    await inventory({
      type: 'DefineTicketStock',
      eventId: 'ev_1',
      ticketId: 'tk_1',
      quantity: null,
      now: clock.now(),
    });
    for (const holdId of ['ho_1', 'ho_2'])
      await inventory({
        type: 'PlaceHold',
        eventId: 'ev_1',
        holdId,
        orderId: `or_${holdId}`,
        lines: [{ ticketId: 'tk_1', tierId: null, quantity: 1 }],
        promoCodeId,
        now: clock.now(),
        expiresAt: new Date(clock.now().getTime() + 600_000),
        perOrderLimits: {},
      });
    await expect(
      updatePromoCode(api, { eventId: 'ev_1', promoCodeId, changes: { maxUsages: 1 } }, context),
    ).rejects.toMatchObject({ reason: 'quantity_below_sold' });
    const { state } = await api.commands.load(promoCodeDecider, promoCodeStream(promoCodeId));
    expect(state.exists && state.maxUsages).toBe(3);
    expect(await caps()).toEqual([50, 3]);
    // An unchanged update mirrors again: a workflow cut off after the promo code's change completes on retry.
    await updatePromoCode(api, { eventId: 'ev_1', promoCodeId, changes: { maxUsages: null } }, context);
    expect(await caps()).toEqual([50, 3, null]);
  });
});

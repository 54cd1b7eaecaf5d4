import { afterEach, beforeEach, expect, it } from 'vitest';
import { CommandHandler, type CommandContext } from '../../services/kit/commandHandler';
import { ManualClock } from '../../services/kit/clock';
import { eventDecider, type EventCommand } from '../../services/catalog/events/eventDecider';
import { eventStream, type EventDetails } from '../../services/catalog/events/eventEvents';
import { defaultEventSettings } from '../../services/catalog/events/eventSettings';
import { ProjectionRunner } from '../runner/runner';
import { rebuildProjection } from '../runner/rebuild';
import { describeEachStorage, dumpTable, recordingLogger, type TestStorage } from '../runner/testing';
import { eventsProjection, findAccountEvent, lifecycleOf } from '.';

const context: CommandContext = { correlationId: 'seed', actor: 'system' };

function details(index: number): EventDetails {
  return {
    title: `Event number ${index}`,
    description: index % 2 === 0 ? `Description ${index}` : null,
    startDate: new Date(Date.UTC(2027, index % 12, (index % 27) + 1, 18)).toISOString(),
    endDate:
      index % 3 === 0 ? null : new Date(Date.UTC(2027, index % 12, (index % 27) + 1, 22)).toISOString(),
    timezone: index % 2 === 0 ? 'Europe/Berlin' : 'America/New_York',
    currency: index % 2 === 0 ? 'EUR' : 'USD',
    isOnline: index % 4 === 0,
    location:
      index % 4 === 0
        ? null
        : {
            venueName: `Hall ${index}`,
            addressLine1: `${index} Main Street`,
            addressLine2: null,
            city: 'Springfield',
            stateOrRegion: null,
            zipOrPostalCode: '12345',
            country: 'US',
          },
  };
}

/** A realistic history: events created, edited, published, moved back, archived and restored. */
async function writeHistory(commands: CommandHandler, clock: ManualClock, count: number): Promise<bigint> {
  let position = 0n;
  for (let index = 0; index < count; index++) {
    const eventId = `ev_hist${String(index).padStart(4, '0')}`;
    const run = async (command: EventCommand) => {
      clock.advance(60_000);
      position = (await commands.handle(eventDecider, eventStream(eventId), command, context)).position;
    };
    await run({
      type: 'CreateEvent',
      eventId,
      accountId: `ac_acct${index % 3}`,
      organizerId: `or_org${index % 2}`,
      settings: defaultEventSettings,
      details: details(index),
      now: clock.now(),
    });
    if (index % 2 === 0)
      await run({
        type: 'UpdateEventDetails',
        eventId,
        changes: { title: `Renamed ${index}` },
        now: clock.now(),
      });
    if (index % 3 !== 2) {
      await run({ type: 'PublishEvent', eventId, emailVerified: true, ticketCount: null, now: clock.now() });
    }
    if (index % 5 === 0) await run({ type: 'MoveEventToDraft', eventId, now: clock.now() });
    if (index % 4 === 1) await run({ type: 'ArchiveEvent', eventId, now: clock.now() });
    if (index % 8 === 1) await run({ type: 'RestoreEvent', eventId, now: clock.now() });
  }
  return position;
}

describeEachStorage('events read model', (open) => {
  let storage: TestStorage;
  let runner: ProjectionRunner;
  const clock = new ManualClock(new Date('2026-11-22T09:00:00.000Z'));

  beforeEach(async () => {
    storage = await open();
    runner = new ProjectionRunner({
      store: storage.store,
      db: storage.db,
      projections: [eventsProjection],
      logger: recordingLogger(),
    });
  });
  afterEach(async () => {
    await runner.stop();
    await storage.close();
  });

  it('projects the history of an event into its row', async () => {
    const commands = new CommandHandler(storage.store);
    const position = await writeHistory(commands, clock, 6);
    await runner.start();
    expect(await runner.waitFor(position, 30_000)).toBe(true);
    const renamedLive = await findAccountEvent(storage.db, 'ac_acct0', 'ev_hist0000');
    // index 0: renamed, published, then moved back to draft
    expect(renamedLive).toMatchObject({
      title: 'Renamed 0',
      slug: 'renamed-0',
      status: 'DRAFT',
      currency: 'EUR',
    });
    const archived = await findAccountEvent(storage.db, 'ac_acct1', 'ev_hist0001');
    expect(archived).toMatchObject({ status: 'DRAFT', title: 'Event number 1' });
    const plain = await findAccountEvent(storage.db, 'ac_acct2', 'ev_hist0002');
    expect(plain).toMatchObject({ status: 'DRAFT', title: 'Renamed 2' });
    const other = await findAccountEvent(storage.db, 'ac_acct0', 'ev_hist0001');
    expect(other).toBeUndefined();
    expect(lifecycleOf(renamedLive!, new Date('2030-01-01T00:00:00Z'))).toBe('ended');
  });

  it('rebuilds exactly the rows of the incremental run', async () => {
    const commands = new CommandHandler(storage.store);
    const position = await writeHistory(commands, clock, 40);
    await runner.start();
    expect(await runner.waitFor(position, 20_000)).toBe(true);
    const incremental = await dumpTable(storage.db, 'events', ['id']);
    expect(incremental).toHaveLength(40);

    await runner.stop();
    const result = await rebuildProjection(storage.store, storage.db, eventsProjection, {
      logger: recordingLogger(),
    });
    expect(result.position).toBe(position);
    expect(await dumpTable(storage.db, 'events', ['id'])).toEqual(incremental);

    // And the live runner carries on from the rebuilt checkpoint into the swapped table.
    await runner.start();
    const next = await commands.handle(
      eventDecider,
      eventStream('ev_hist0003'),
      { type: 'ArchiveEvent', eventId: 'ev_hist0003', now: clock.now() },
      context,
    );
    expect(await runner.waitFor(next.position, 30_000)).toBe(true);
    expect(await findAccountEvent(storage.db, 'ac_acct0', 'ev_hist0003')).toMatchObject({
      status: 'ARCHIVED',
    });
  });
});

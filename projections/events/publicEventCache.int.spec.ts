import { afterEach, beforeEach, expect, it } from 'vitest';
import { CommandHandler, type CommandContext } from '../../services/kit/commandHandler';
import { eventDecider } from '../../services/catalog/events/eventDecider';
import { eventStream } from '../../services/catalog/events/eventEvents';
import { defaultEventSettings } from '../../services/catalog/events/eventSettings';
import { ProjectionRunner } from '../runner/runner';
import { describeEachStorage, recordingLogger, type TestStorage } from '../runner/testing';
import { eventsProjection } from '.';
import { PublicEventCache } from './publicEventCache';
import { eventPagesProjection } from './pages';

const context: CommandContext = { correlationId: 'cache-test', actor: 'system' };
const now = new Date('2026-11-22T10:00:00.000Z');

describeEachStorage('public event cache', (open) => {
  let storage: TestStorage;
  let runner: ProjectionRunner;
  let commands: CommandHandler;

  beforeEach(async () => {
    storage = await open();
    runner = new ProjectionRunner({
      store: storage.store,
      db: storage.db,
      projections: [eventsProjection, eventPagesProjection],
      logger: recordingLogger(),
    });
    await runner.start();
    commands = new CommandHandler(storage.store);
  });
  afterEach(async () => {
    await runner.stop();
    await storage.close();
  });

  async function liveEvent(eventId: string): Promise<void> {
    await commands.handle(
      eventDecider,
      eventStream(eventId),
      {
        type: 'CreateEvent',
        eventId,
        accountId: 'ac_cache',
        organizerId: 'or_cache',
        details: {
          title: 'Cached Concert',
          description: null,
          startDate: '2027-01-01T19:00:00.000Z',
          endDate: null,
          timezone: 'UTC',
          currency: 'EUR',
          isOnline: false,
          location: null,
        },
        settings: defaultEventSettings,
        now,
      },
      context,
    );
    const published = await commands.handle(
      eventDecider,
      eventStream(eventId),
      { type: 'PublishEvent', eventId, now, emailVerified: true, ticketCount: null },
      context,
    );
    expect(await runner.waitFor(published.position, 30_000)).toBe(true);
  }

  it('answers repeated reads from memory', async () => {
    await liveEvent('ev_cache0001');
    const cache = new PublicEventCache(storage.db);
    expect((await cache.get('ev_cache0001', now))?.title).toBe('Cached Concert');
    expect((await cache.get('ev_cache0001', now))?.title).toBe('Cached Concert');
    expect(await cache.get('ev_missing01', now)).toBeNull();
    expect(await cache.get('ev_missing01', now)).toBeNull();
    expect(cache.stats).toMatchObject({ hits: 2, misses: 2 });
  });

  it('drops an entry when a notice names its event, and never stores a read that an invalidation overtook', async () => {
    await liveEvent('ev_cache0002');
    const cache = new PublicEventCache(storage.db);
    runner.onNotice(cache.invalidate);
    await cache.get('ev_cache0002', now);

    const renamed = await commands.handle(
      eventDecider,
      eventStream('ev_cache0002'),
      { type: 'UpdateEventDetails', eventId: 'ev_cache0002', changes: { title: 'Renamed Concert' }, now },
      context,
    );
    expect(await runner.waitFor(renamed.position, 30_000)).toBe(true);
    expect((await cache.get('ev_cache0002', now))?.title).toBe('Renamed Concert');

    // A load in flight when an invalidation arrives answers its caller but is not kept.
    const inFlight = cache.get('ev_cache0003', now);
    cache.invalidate({ projection: 'events', position: 1n, keys: ['event:ev_other'] });
    await inFlight;
    const misses = cache.stats.misses;
    await cache.get('ev_cache0003', now);
    expect(cache.stats.misses).toBe(misses + 1);
  });
});

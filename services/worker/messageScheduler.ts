import type { Knex } from 'knex';
import { listDueMessageIds } from '../../projections/messages';
import type { CommandHandler } from '../kit/commandHandler';
import type { Clock } from '../kit/clock';
import type { Logger } from '../kit/logger';
import { messageDecider } from '../messaging/messages/messageDecider';
import { messageStream } from '../messaging/messages/messageEvents';

/**
 * Sends scheduled messages when their time comes: a sweep on the injected clock finds the due ones in the
 * messages read model and dispatches each through the decider, which dispatches a message once (several
 * workers may sweep at once). The message reactor then writes the mails.
 */
export class MessageScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: { db: Knex; commands: CommandHandler; clock: Clock; logger: Logger }) {}

  start(everyMs: number): void {
    if (this.timer) return;
    const tick = () => {
      this.running = this.sweep().catch((error: unknown) =>
        this.deps.logger.error('message sweep failed', { error }),
      );
    };
    tick();
    this.timer = setInterval(tick, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Dispatches every due message; answers their ids. */
  async sweep(): Promise<string[]> {
    const { db, commands, clock } = this.deps;
    const dispatched: string[] = [];
    for (const messageId of await listDueMessageIds(db, clock.now())) {
      const result = await commands.handle(
        messageDecider,
        messageStream(messageId),
        { type: 'DispatchMessage', messageId, now: clock.now() },
        { correlationId: `message-scheduler-${messageId}`, actor: 'system' },
      );
      if (result.events.length > 0) dispatched.push(messageId);
    }
    return dispatched;
  }
}

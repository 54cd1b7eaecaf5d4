import { randomUUID } from 'node:crypto';
import type { EventStore } from '../services/eventstore/port';
import { CommandHandler, type CommandContext } from '../services/kit/commandHandler';
import type { Decider } from '../services/kit/decider';
import { refuse } from '../services/kit/refusal';

/** Concurrent writers of a command-handler ceiling, as in `npm run bench -- eventstore`. */
export const CEILING_WRITERS = 50;

/** An event's inventory in miniature: holds against a capacity that the rush never reaches. */
type Hold = { type: 'Hold'; seats: number };
type Held = { type: 'SeatsHeld'; data: { seats: number; holdId: string } };
const inventory: Decider<Hold, Held, { held: number }> = {
  initialState: () => ({ held: 0 }),
  evolve: (state, event) => ({ held: state.held + event.data.seats }),
  decide(command, state) {
    if (state.held + command.seats > 1_000_000) refuse('try_again', 'sold out');
    return [{ type: 'SeatsHeld', data: { seats: command.seats, holdId: randomUUID() } }];
  },
};

/**
 * Commands a second through the command handler alone (load, decide, append; no HTTP, no read side), with
 * `CEILING_WRITERS` writers each deciding `perWriter` commands one at a time on the stream `streamFor` names.
 */
export async function commandsPerSecond(
  store: EventStore,
  streamFor: (writer: number) => string,
  perWriter: number,
): Promise<number> {
  const handler = new CommandHandler(store);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CEILING_WRITERS }, async (_, writer) => {
      for (let n = 0; n < perWriter; n++) {
        const context: CommandContext = { correlationId: randomUUID(), actor: 'bench' };
        await handler.handle(inventory, streamFor(writer), { type: 'Hold', seats: 1 }, context);
      }
    }),
  );
  return (CEILING_WRITERS * perWriter) / ((performance.now() - started) / 1000);
}

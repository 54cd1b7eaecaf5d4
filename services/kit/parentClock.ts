import { ShiftedSystemClock, type Clock } from './clock';

/** What the parent process sends to move the server's clock, and what it hears back. */
export interface AdvanceClock {
  type: 'advance-clock';
  id: number;
  ms: number;
}
export interface ClockAdvanced {
  type: 'clock-advanced';
  id: number;
  now: string;
}

function isAdvanceClock(message: unknown): message is AdvanceClock {
  const m = message as Partial<AdvanceClock> | null;
  return m?.type === 'advance-clock' && typeof m.id === 'number' && typeof m.ms === 'number';
}

/**
 * With `TEST_CLOCK=parent`, the platform's one clock (docs/time.md) is the system clock that the process which
 * started this one can move forward over its IPC channel: the end-to-end journeys jump over a reservation's
 * minutes instead of waiting for them. Only the parent holds that channel, so nothing reachable over the network
 * can move the clock; without an IPC channel the setting is refused at start. Undefined when unset.
 */
export function clockMovedByParent(env: NodeJS.ProcessEnv = process.env): Clock | undefined {
  if (env.TEST_CLOCK === undefined || env.TEST_CLOCK === '') return undefined;
  if (env.TEST_CLOCK !== 'parent')
    throw new Error(`TEST_CLOCK must be "parent" or unset, not "${env.TEST_CLOCK}"`);
  const send = process.send?.bind(process);
  if (!send) throw new Error('TEST_CLOCK=parent needs an IPC channel to the process that started this one');
  const clock = new ShiftedSystemClock();
  process.on('message', (message: unknown) => {
    if (!isAdvanceClock(message)) return;
    clock.advance(message.ms);
    const answer: ClockAdvanced = { type: 'clock-advanced', id: message.id, now: clock.now().toISOString() };
    send(answer);
  });
  // The channel must not keep a server that is shutting down alive.
  process.channel?.unref();
  return clock;
}

/**
 * vitest setup file: with `TEST_WALL_CLOCK_SHIFT_DAYS` set, the process's wall clock (`Date.now()`, `new Date()`)
 * runs that many days ahead (or behind, when negative) of the real one while still ticking, so timers and
 * deadlines keep working. `npm test` runs the time-sensitive suites shifted a year both ways: a test that pins a
 * manual clock but lets some component read the wall clock (the defect of 2026-11-22, docs/time.md) fails there
 * on the day it is written, not a year later.
 */
const days = Number(process.env.TEST_WALL_CLOCK_SHIFT_DAYS ?? '0');

if (!Number.isFinite(days)) {
  throw new Error(
    `TEST_WALL_CLOCK_SHIFT_DAYS must be a number of days, got ${process.env.TEST_WALL_CLOCK_SHIFT_DAYS}`,
  );
}

/**
 * The unshifted `Date`. Test files share a worker's globals (vitest runs them without isolation), so this file runs
 * once per file in the same realm: each run shifts the real clock (not one shifted before), or puts it back.
 */
const realDateKey = Symbol.for('ticketing.test.realDate');
const globals = globalThis as typeof globalThis & { [realDateKey]?: DateConstructor };
const RealDate = (globals[realDateKey] ??= Date);

if (days === 0) {
  globalThis.Date = RealDate;
} else {
  const offsetMs = Math.round(days * 86_400_000);
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offsetMs);
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return RealDate.now() + offsetMs;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}

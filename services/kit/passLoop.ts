import type { Logger } from './logger';
import { sleep } from './sleep';

/**
 * Runs passes one after another: a pass asked for while another runs starts when that one ends. A delivery
 * loop's own timer and an explicit call (a wake, an operator, a test that moved the clock) therefore never
 * split the due rows of one moment between them, and the caller's pass sees everything the earlier one left.
 */
export class OneAtATime<T> {
  private last: Promise<unknown> = Promise.resolve();

  constructor(private readonly pass: () => Promise<T>) {}

  run(): Promise<T> {
    const next = this.last.then(this.pass, this.pass);
    this.last = next.catch(() => undefined);
    return next;
  }

  /** Resolves once every pass asked for so far has ended. */
  async idle(): Promise<void> {
    await this.last;
  }
}

/**
 * A background loop over one pass (send the due mails, deliver the due webhooks): runs it, then sleeps
 * `pollIntervalMs` unless woken; stops between passes. Passes run one at a time with any explicit `runPass()`.
 */
export class PassLoop<T> {
  private readonly passes: OneAtATime<T>;
  private loop: Promise<void> | null = null;
  private stopped = false;
  private waiting: AbortController | null = null;
  private woken = false;

  constructor(
    pass: () => Promise<T>,
    private readonly options: { pollIntervalMs: number; logger: Logger; failure: string },
  ) {
    this.passes = new OneAtATime(pass);
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  runPass(): Promise<T> {
    return this.passes.run();
  }

  start(): void {
    this.stopped = false;
    this.loop ??= this.run().finally(() => {
      this.loop = null;
    });
  }

  /** Work arrived: look now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.waiting?.abort();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.waiting?.abort();
    await this.loop;
    await this.passes.idle();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.woken = false;
      try {
        await this.passes.run();
      } catch (error) {
        this.options.logger.error(this.options.failure, { error });
      }
      if (this.stopped || this.woken) continue;
      this.waiting = new AbortController();
      await sleep(this.options.pollIntervalMs, this.waiting.signal);
      this.waiting = null;
    }
  }
}

import type { Logger } from './logger';

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

export interface PassLoopOptions {
  pollIntervalMs: number;
  minGapMs?: number;
  logger: Logger;
  failure: string;
}

/**
 * A background loop over one pass (send the due mails, deliver the due webhooks): runs it, then sleeps
 * `pollIntervalMs` unless woken; stops between passes. Passes run one at a time with any explicit `runPass()`.
 * Wakes come with every committed batch of every worker projection, hundreds a second in an on-sale rush: a
 * wake asks for one more pass, started no sooner than `minGapMs` after the last one began, so a burst of wakes
 * costs a pass per gap rather than a query per batch.
 */
export class PassLoop<T> {
  private readonly passes: OneAtATime<T>;
  private loop: Promise<void> | null = null;
  private stopped = false;
  private woken = false;
  private sleeping: { interrupt: () => void; wakeable: boolean } | null = null;

  constructor(
    pass: () => Promise<T>,
    private readonly options: PassLoopOptions,
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

  /** Work arrived: look now (or right after the gap) rather than at the next poll. */
  wake(): void {
    this.woken = true;
    if (this.sleeping?.wakeable) this.sleeping.interrupt();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.sleeping?.interrupt();
    await this.loop;
    await this.passes.idle();
  }

  private async run(): Promise<void> {
    const minGapMs = this.options.minGapMs ?? 50;
    while (!this.stopped) {
      this.woken = false;
      const began = Date.now();
      try {
        await this.passes.run();
      } catch (error) {
        this.options.logger.error(this.options.failure, { error });
      }
      if (this.stopped) break;
      if (!this.woken) await this.pause(this.options.pollIntervalMs, true);
      if (this.stopped) break;
      await this.pause(began + minGapMs - Date.now(), false);
    }
  }

  /** Waits `ms`; `stop()` always cuts it short, `wake()` only when `wakeable`. */
  private pause(ms: number, wakeable: boolean): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleeping = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleeping = { interrupt: done, wakeable };
    });
  }
}

/**
 * A worker made of one kind of pass on a `PassLoop` (a keeper, a delivery): started, woken and stopped with it.
 * The subclass says what a pass does and names its explicit pass (`sweep()`, `deliverDue()`) over `runPass()`.
 */
export abstract class PassWorker<T> {
  readonly #loop: PassLoop<T>;

  protected constructor(options: PassLoopOptions) {
    this.#loop = new PassLoop(() => this.pass(), options);
  }

  /** One pass of the work; passes never overlap. */
  protected abstract pass(): Promise<T>;

  start(): void {
    this.#loop.start();
  }

  /** Work arrived: look now rather than at the next poll. */
  wake(): void {
    this.#loop.wake();
  }

  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** One pass, after any pass under way. */
  protected runPass(): Promise<T> {
    return this.#loop.runPass();
  }

  protected get isStopped(): boolean {
    return this.#loop.isStopped;
  }
}

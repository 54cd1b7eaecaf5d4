import type { Knex } from 'knex';
import type { EventStore } from '../eventstore/port';
import type { Clock } from '../kit/clock';
import type { AppConfig } from '../kit/config';
import type { Logger } from '../kit/logger';
import { ProjectionRunner } from '../../projections/runner';
import { checkpointsTable } from '../../projections/runner/checkpoints';
import { createMailTransport, MailDelivery } from '../messaging/delivery';
import type { CommandHandler } from '../kit/commandHandler';
import { EmailClaimKeeper, emailClaimKeeper } from './emailClaimKeeper';
import { CheckoutKeeper, checkoutKeeper } from './checkoutKeeper';
import { mailReactor } from './mailReactor';
import { orderMailReactor } from './orderMailReactor';
import { messageReactor } from './messageReactor';
import { MessageScheduler } from './messageScheduler';
import { webhookReactor } from './webhookReactor';
import { WebhookDelivery } from '../integrations/webhooks/webhookDelivery';
import { loadTicketSigningKeys } from '../admission/signingKeys';
import { ticketStockMirror } from './ticketStockMirror';
import { invoiceReactor } from './invoiceReactor';
import { WaitingListKeeper, waitingListReactor } from './waitingListReactor';
import { WaitingRoomKeeper, waitingRoomReactor } from './waitingRoomKeeper';
import { waitingOfferTokens } from '../sales/waitingList/waitingOfferToken';
import { catalogueCopier, catalogueCopierName } from './catalogueCopier';
import { stripeEventDispatcher } from './stripeEventDispatcher';
import { stripeEventHandlers } from '../payments/webhooks/stripeEventHandlers';
import { orderPaymentHandlers } from '../sales/orders/cardPayments';
import { notaryProjection } from '../audit/notary';

/**
 * Reactors and process managers: side effects of committed events. Today the mail reactor (events → outbox),
 * the delivery loop (outbox → SMTP, or the local outbox without SMTP), the email claim keeper (releases
 * addresses that a sign-up, invitation or email change cut short left claimed) and the ticket stock mirror
 * (finishes a ticket change whose inventory mirror a crash cut short), the Stripe event dispatcher (verified
 * webhooks → their handlers) and the catalogue copier (a duplicated event gets the tickets, questions, promo
 * codes and capacity assignments the organizer chose). `npm start` runs it in the API
 * process; it can run alone against the same stores, and several workers may run at once (the reactor's
 * checkpoint moves by compare-and-set, deliveries are claimed row by row).
 */
export interface Worker {
  runner: ProjectionRunner;
  /** Starts the reactors and loops (the process took the worker's lease, or runs alone). */
  start(): Promise<void>;
  delivery: MailDelivery;
  claims: EmailClaimKeeper;
  checkout: CheckoutKeeper;
  /** Ends waiting-list offers that ran out and offers their units to the next entries. */
  waitingList: WaitingListKeeper;
  /** Admits the waiting rooms' next numbers as checkout places free up. */
  waitingRoom: WaitingRoomKeeper;
  messages: MessageScheduler;
  webhooks: WebhookDelivery;
  stop(): Promise<void>;
}

export interface WorkerDeps {
  store: EventStore;
  db: Knex;
  commands: CommandHandler;
  config: Pick<
    AppConfig,
    | 'publicUrl'
    | 'smtpUrl'
    | 'mailFrom'
    | 'projectionOnError'
    | 'emailClaimGraceSeconds'
    | 'dataDir'
    | 'ticketSigningKey'
    | 'payments'
    | 'webhooksAllowPrivate'
    | 'waitingRoomAutomatic'
  >;
  logger: Logger;
  clock: Clock;
}

/** The worker, started: what `npm start` and the tests use. */
export async function startWorker(deps: WorkerDeps): Promise<Worker> {
  const worker = createWorker(deps);
  await worker.start();
  return worker;
}

/** The worker, built but not running: a process started with the worker role starts it once it holds the lease. */
export function createWorker({ store, db, commands, config, logger, clock }: WorkerDeps): Worker {
  const reactor = mailReactor({ publicUrl: config.publicUrl });
  const keys = loadTicketSigningKeys({ dataDir: config.dataDir, fromEnvironment: config.ticketSigningKey });
  const orderMails = orderMailReactor({ publicUrl: config.publicUrl, commands, store, keys });
  const waitingListDeps = {
    commands,
    store,
    clock,
    logger: logger.child({ component: 'waiting-list' }),
    tokens: waitingOfferTokens(keys),
    publicUrl: config.publicUrl,
  };
  const waitingOffers = waitingListReactor();
  const messages = messageReactor({ commands });
  const webhookDeliveries = webhookReactor();
  const runner = new ProjectionRunner({
    store,
    db,
    // The claim keeper and the stock mirror read the whole log: what was left half-done before they were
    // deployed is recovered too.
    projections: [
      reactor,
      orderMails,
      messages,
      webhookDeliveries,
      emailClaimKeeper(),
      checkoutKeeper(),
      ticketStockMirror({ commands, clock, logger: logger.child({ component: 'ticket-stock-mirror' }) }),
      catalogueCopier({ commands, clock, logger: logger.child({ component: 'catalogue-copier' }) }),
      invoiceReactor({ commands, store, clock }),
      waitingOffers,
      waitingRoomReactor(),
      stripeEventDispatcher({
        commands,
        clock,
        logger: logger.child({ component: 'stripe-events' }),
        handlers: { ...stripeEventHandlers, ...orderPaymentHandlers(config.payments) },
      }),
      notaryProjection(clock),
    ],
    logger: logger.child({ component: 'worker' }),
    clock,
    onHandlerError: config.projectionOnError,
  });
  const transport = createMailTransport(config);
  const delivery = new MailDelivery({ db, transport, clock, logger: logger.child({ component: 'mail' }) });
  const webhooks = new WebhookDelivery({
    db,
    commands,
    clock,
    logger: logger.child({ component: 'webhooks' }),
    allowPrivate: config.webhooksAllowPrivate,
  });
  const claims = new EmailClaimKeeper({
    db,
    commands,
    clock,
    logger: logger.child({ component: 'email-claims' }),
    settleAfterMs: config.emailClaimGraceSeconds * 1000,
  });
  const checkout = new CheckoutKeeper({
    db,
    commands,
    clock,
    logger: logger.child({ component: 'checkout' }),
    settleAfterMs: config.emailClaimGraceSeconds * 1000,
  });
  const waitingList = new WaitingListKeeper({ ...waitingListDeps, db, onMail: () => delivery.wake() });
  const waitingRoom = new WaitingRoomKeeper({
    db,
    commands,
    clock,
    logger: logger.child({ component: 'waiting-room' }),
    automatic: config.waitingRoomAutomatic,
  });
  const scheduler = new MessageScheduler({
    db,
    commands,
    clock,
    logger: logger.child({ component: 'message-scheduler' }),
  });
  let unsubscribe: (() => void) | null = null;
  return {
    runner,
    delivery,
    claims,
    checkout,
    waitingList,
    waitingRoom,
    messages: scheduler,
    webhooks,
    async start() {
      // A reactor that never ran starts at the head; duplicates made before the copier existed recorded their
      // options only, and copying into them now could add to a catalogue the organizer has built since.
      const head = await store.head();
      for (const name of [
        reactor.name,
        catalogueCopierName,
        orderMails.name,
        messages.name,
        webhookDeliveries.name,
        waitingOffers.name,
      ])
        await startAtHeadWhenNew(db, name, head, clock.now());
      unsubscribe ??= runner.onNotice(() => {
        delivery.wake();
        webhooks.wake();
        waitingList.wake();
      });
      await runner.start();
      delivery.start();
      webhooks.start();
      checkout.start(5_000);
      waitingList.start();
      waitingRoom.start();
      scheduler.start(15_000);
      claims.start(Math.max(1_000, Math.min(60_000, config.emailClaimGraceSeconds * 500)));
      logger.info('worker started', { mail: transport.kind });
    },
    async stop() {
      unsubscribe?.();
      unsubscribe = null;
      await scheduler.stop();
      await claims.stop();
      await checkout.stop();
      await waitingList.stop();
      await waitingRoom.stop();
      await runner.stop();
      await delivery.stop();
      await webhooks.stop();
    },
  };
}

/**
 * A reactor that runs for the first time reacts to what happens from now on: it starts at the head of the
 * log, so deploying it on an old log does not mail everyone about the past.
 */
async function startAtHeadWhenNew(db: Knex, name: string, head: bigint, now: Date): Promise<void> {
  await db(checkpointsTable)
    .insert({
      name,
      position: head.toString(),
      status: 'stopped',
      last_event_at: null,
      updated_at: now,
      error: null,
    })
    .onConflict('name')
    .ignore();
}

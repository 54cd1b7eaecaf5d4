/**
 * TEST DOUBLE — NOT EVENTSTOREDB. How the wire-level EventStoreDB double (`esdbDouble.ts`) answers `Streams.Read`:
 * a stream or `$all`, forwards and backwards, from a revision or position, with a count, and catch-up
 * subscriptions to `$all` with their filters and checkpoints, from the in-memory log (`esdbDoubleLog.ts`).
 */
import { randomUUID } from 'node:crypto';
import type * as GrpcModule from '@grpc/grpc-js';
import type * as StreamsModule from '@eventstore/db-client/generated/streams_pb';
import type { EsdbDoubleLog, LoggedEvent, ReadFrom } from './esdbDoubleLog';
import {
  grpc,
  invalidArgument,
  RequestError,
  sharedPb,
  streamName,
  streamsPb,
  uuidMessage,
} from './esdbDoubleProtocol';

const { ReadReq, ReadResp } = streamsPb;
export type ReadCall = GrpcModule.ServerWritableStream<StreamsModule.ReadReq, StreamsModule.ReadResp>;

/** The server's read page, which is also the default search window of a filtered subscription. */
const READ_BATCH_SIZE = 32;

export const CountOptionCase = ReadReq.Options.CountOptionCase;

type EventFilter = (event: LoggedEvent) => boolean;

export async function serveRead(call: ReadCall, log: EsdbDoubleLog, closing: AbortSignal): Promise<void> {
  const options = call.request.getOptions();
  if (options === undefined) throw invalidArgument("'options' is a required argument");
  const uuidOption = options.getUuidOption();
  if (uuidOption === undefined) throw invalidArgument("'uuidOption' is a required argument");
  const structuredIds = uuidOption.getContentCase() === ReadReq.Options.UUIDOption.ContentCase.STRUCTURED;
  const backwards = options.getReadDirection() === ReadReq.Options.ReadDirection.BACKWARDS;
  const filtered = options.getFilterOptionCase() === ReadReq.Options.FilterOptionCase.FILTER;
  const subscription = options.getCountOptionCase() === CountOptionCase.SUBSCRIPTION;
  const toResponse = (event: LoggedEvent, withPosition: boolean) =>
    new ReadResp().setEvent(readEvent(event, structuredIds, withPosition));

  const stream = options.getStream();
  const all = options.getAll();
  if (stream !== undefined && !filtered && !subscription) {
    const name = streamName(stream.getStreamIdentifier());
    const events = log.readStream(name, streamFrom(stream), backwards, BigInt(options.getCount() || '0'));
    if (events === undefined) {
      const notFound = new ReadResp.StreamNotFound().setStreamIdentifier(stream.getStreamIdentifier());
      await send(call, new ReadResp().setStreamNotFound(notFound));
    } else {
      for (const event of events) if (!(await send(call, toResponse(event, false)))) return;
    }
    call.end();
    return;
  }
  if (stream !== undefined && subscription && !backwards && !filtered) {
    throw new RequestError({
      code: grpc.status.UNIMPLEMENTED,
      details: 'The EventStoreDB test double does not serve stream subscriptions.',
    });
  }
  if (all === undefined || (subscription && backwards)) {
    throw invalidArgument(
      `The combination of (${options.getStreamOptionCase()}, ${options.getCountOptionCase()}, ${options.getReadDirection()}, ${options.getFilterOptionCase()}) is invalid.`,
    );
  }
  const filter = filtered ? eventFilter(options.getFilter()) : () => true;
  const from = allFrom(all);
  if (subscription) {
    await serveSubscription(
      call,
      log,
      closing,
      from,
      filter,
      filtered ? options.getFilter() : undefined,
      toResponse,
    );
    return;
  }
  let remaining = BigInt(options.getCount() || '0');
  const events = backwards ? log.readAllBackwards(from) : log.readAllForwards(from);
  for (const event of events) {
    if (remaining <= 0n) break;
    if (!filter(event)) continue;
    if (!(await send(call, toResponse(event, true)))) return;
    remaining--;
  }
  call.end();
}

async function serveSubscription(
  call: ReadCall,
  log: EsdbDoubleLog,
  closing: AbortSignal,
  from: ReadFrom,
  filter: EventFilter,
  filterOptions: StreamsModule.ReadReq.Options.FilterOptions | undefined,
  toResponse: (event: LoggedEvent, withPosition: boolean) => StreamsModule.ReadResp,
): Promise<void> {
  const confirmation = new ReadResp.SubscriptionConfirmation().setSubscriptionId(randomUUID());
  if (!(await send(call, new ReadResp().setConfirmation(confirmation)))) return;
  let cursor = log.subscriptionStart(from);
  // A filtered subscription reports how far it has looked every `multiplier × window` events it considered.
  const window = filterOptions?.hasMax() ? filterOptions.getMax() : READ_BATCH_SIZE;
  const checkpointEvery =
    filterOptions === undefined ? 0 : Math.max(1, filterOptions.getCheckpointintervalmultiplier()) * window;
  let considered = 0;
  const checkpoint = (position: bigint) =>
    new ReadResp().setCheckpoint(
      new ReadResp.Checkpoint().setCommitPosition(String(position)).setPreparePosition(String(position)),
    );
  let caughtUp = false;
  while (!call.cancelled && !closing.aborted) {
    const batch = log.after(cursor, READ_BATCH_SIZE);
    if (batch.length === 0) {
      if (!caughtUp) {
        caughtUp = true;
        if (checkpointEvery > 0 && cursor !== undefined && !(await send(call, checkpoint(cursor)))) return;
        if (!(await send(call, new ReadResp().setCaughtUp(new ReadResp.CaughtUp())))) return;
        continue;
      }
      await nextAppend(log, call, closing);
      continue;
    }
    for (const event of batch) {
      cursor = event.position;
      considered++;
      if (filter(event) && !(await send(call, toResponse(event, true)))) return;
      if (checkpointEvery > 0 && considered >= checkpointEvery) {
        considered = 0;
        if (!(await send(call, checkpoint(event.position)))) return;
      }
    }
  }
  if (!call.cancelled)
    call.emit('error', { code: grpc.status.UNAVAILABLE, details: 'Server is shutting down.' });
}

function nextAppend(log: EsdbDoubleLog, call: ReadCall, closing: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = (): void => {
      stop();
      call.off('cancelled', done);
      closing.removeEventListener('abort', done);
      resolve();
    };
    const stop = log.onAppend(done);
    call.once('cancelled', done);
    closing.addEventListener('abort', done, { once: true });
  });
}

/** Writes one message, waiting while the client is not reading; false once the call is cancelled. */
async function send(call: ReadCall, message: StreamsModule.ReadResp): Promise<boolean> {
  if (call.cancelled) return false;
  if (call.write(message)) return true;
  await new Promise<void>((resolve) => {
    const done = (): void => {
      call.off('drain', done);
      call.off('cancelled', done);
      call.off('close', done);
      resolve();
    };
    call.once('drain', done);
    call.once('cancelled', done);
    call.once('close', done);
  });
  return !call.cancelled;
}

function streamFrom(options: StreamsModule.ReadReq.Options.StreamOptions): ReadFrom {
  const cases = ReadReq.Options.StreamOptions.RevisionOptionCase;
  switch (options.getRevisionOptionCase()) {
    case cases.REVISION:
      return BigInt(options.getRevision());
    case cases.END:
      return 'end';
    default:
      return 'start';
  }
}

function allFrom(options: StreamsModule.ReadReq.Options.AllOptions): ReadFrom {
  const cases = ReadReq.Options.AllOptions.AllOptionCase;
  switch (options.getAllOptionCase()) {
    case cases.POSITION:
      // The adapter always sends equal commit and prepare positions; the commit position places the read.
      return BigInt(options.getPosition()?.getCommitPosition() ?? '0');
    case cases.END:
      return 'end';
    default:
      return 'start';
  }
}

function eventFilter(options: StreamsModule.ReadReq.Options.FilterOptions | undefined): EventFilter {
  const cases = ReadReq.Options.FilterOptions.FilterCase;
  const byType = options?.getFilterCase() === cases.EVENT_TYPE;
  const expression = byType ? options?.getEventType() : options?.getStreamIdentifier();
  if (expression === undefined) throw invalidArgument("'filter' is not a valid filter");
  const field = (event: LoggedEvent): string => (byType ? event.type : event.stream);
  const regex = expression.getRegex();
  if (regex) {
    const pattern = new RegExp(regex);
    return (event) => pattern.test(field(event));
  }
  const prefixes = expression.getPrefixList();
  return (event) => prefixes.some((prefix) => field(event).startsWith(prefix));
}

function readEvent(
  event: LoggedEvent,
  structuredIds: boolean,
  withPosition: boolean,
): StreamsModule.ReadResp.ReadEvent {
  const recorded = new ReadResp.ReadEvent.RecordedEvent()
    .setId(uuidMessage(event.id, structuredIds))
    .setStreamIdentifier(new sharedPb.StreamIdentifier().setStreamName(Buffer.from(event.stream, 'utf8')))
    .setStreamRevision(String(event.revision))
    // Stream reads carry the event's $all position too, as servers do since 22.6.
    .setCommitPosition(String(event.position))
    .setPreparePosition(String(event.position))
    .setData(event.data)
    .setCustomMetadata(event.metadata);
  recorded
    .getMetadataMap()
    .set('type', event.type)
    .set('created', String(event.created))
    .set('content-type', event.contentType);
  const read = new ReadResp.ReadEvent().setEvent(recorded);
  return withPosition
    ? read.setCommitPosition(String(event.position))
    : read.setNoPosition(new sharedPb.Empty());
}

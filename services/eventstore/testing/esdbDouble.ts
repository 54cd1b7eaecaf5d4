/**
 * TEST DOUBLE — NOT EVENTSTOREDB, NOT A PRODUCT. A wire-level stand-in for an EventStoreDB node, so that the
 * `esdb` adapter runs, through the real `@eventstore/db-client`, in every test run on machines where no server can
 * run. It serves the gRPC protocol the client package ships (its generated `streams` and `serverfeatures`
 * definitions under `@eventstore/db-client/generated/`) from memory, on 127.0.0.1 without TLS.
 *
 * What it serves, with the rules of the in-memory log in `esdbDoubleLog.ts`:
 * - `Streams.Append` and `Streams.BatchAppend`: expected revision (any, no_stream, stream_exists, exact), the
 *   idempotent retry, the `WrongExpectedVersion` answers of each, the maximum append size;
 * - `Streams.Read`: a stream or `$all`, forwards and backwards, from a revision or position, with a count (stream
 *   not found answered as the server does), and catch-up subscriptions to `$all` from a position (confirmation,
 *   catch-up, caught-up, then live appends), with event-type or stream-name filters and their checkpoints;
 * - `ServerFeatures.GetSupportedMethods`, listing exactly what is served here.
 * Every other method answers UNIMPLEMENTED, as a server does for a method it does not know; stream subscriptions
 * also answer UNIMPLEMENTED (the adapter does not use them). Passing against this double proves the adapter speaks
 * the client's protocol and honours the semantics modelled here, not that a real server behaves the same: the
 * real-server tier (`EVENTSTORE_URL`) remains the proof of that.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as GrpcModule from '@grpc/grpc-js';
import type * as CodeModule from '@eventstore/db-client/generated/code_pb';
import type * as FeaturesGrpcModule from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import type * as FeaturesModule from '@eventstore/db-client/generated/serverfeatures_pb';
import type * as SharedModule from '@eventstore/db-client/generated/shared_pb';
import type * as StatusModule from '@eventstore/db-client/generated/status_pb';
import type * as StreamsGrpcModule from '@eventstore/db-client/generated/streams_grpc_pb';
import type * as StreamsModule from '@eventstore/db-client/generated/streams_pb';
import type * as AnyModule from 'google-protobuf/google/protobuf/any_pb';
import type * as EmptyModule from 'google-protobuf/google/protobuf/empty_pb';
import { EsdbDoubleLog, InvalidPositionError } from './esdbDoubleLog';
import type { ExpectedState, LoggedEvent, ProposedEvent, ReadFrom } from './esdbDoubleLog';

// The generated protocol code is CommonJS whose exports ES imports cannot see; it is loaded from the client
// package's own location, so the double and the client share one copy of grpc-js and google-protobuf.
const requireHere = createRequire(import.meta.url);
const requireFromClient = createRequire(requireHere.resolve('@eventstore/db-client'));
const grpc = requireFromClient('@grpc/grpc-js') as typeof GrpcModule;
const generated = (name: string): unknown => requireFromClient(`@eventstore/db-client/generated/${name}.js`);
const streamsPb = generated('streams_pb') as typeof StreamsModule;
const streamsGrpc = generated('streams_grpc_pb') as typeof StreamsGrpcModule;
const sharedPb = generated('shared_pb') as typeof SharedModule;
const statusPb = generated('status_pb') as typeof StatusModule;
const codePb = generated('code_pb') as typeof CodeModule;
const featuresPb = generated('serverfeatures_pb') as typeof FeaturesModule;
const featuresGrpc = generated('serverfeatures_grpc_pb') as typeof FeaturesGrpcModule;
const anyPb = requireFromClient('google-protobuf/google/protobuf/any_pb.js') as typeof AnyModule;
const emptyPb = requireFromClient('google-protobuf/google/protobuf/empty_pb.js') as typeof EmptyModule;

const { ReadReq, ReadResp, AppendReq, AppendResp, BatchAppendReq, BatchAppendResp } = streamsPb;
type ReadCall = GrpcModule.ServerWritableStream<StreamsModule.ReadReq, StreamsModule.ReadResp>;

/** The server's default `MaxAppendSize`. */
const DEFAULT_MAX_APPEND_SIZE = 1_048_576;
/** The server's read page, which is also the default search window of a filtered subscription. */
const READ_BATCH_SIZE = 32;
/** What `GetSupportedMethods` reports as the server version: this is no release of EventStoreDB. */
const DOUBLE_VERSION = '0.0.0-test-double';

export interface EsdbDoubleOptions {
  /** Serve and announce `Streams.BatchAppend` (EventStoreDB 21.10 and later); the client then appends through it. Default true. */
  batchAppend?: boolean;
  /**
   * After every n-th append that writes events, a `$statsCollected` event lands in a `$stats-…` stream, as a node's
   * own writers (statistics, scavenges, projections) put system events between the application's. 0: never.
   * Default 3.
   */
  systemEventEvery?: number;
  /** Bytes of data, metadata and type an append may carry. Default: the server's 1 MiB. */
  maxAppendSize?: number;
}

export interface EsdbDouble {
  /** `esdb://127.0.0.1:<port>?tls=false` */
  readonly url: string;
  readonly log: EsdbDoubleLog;
  /** Stream and `$all` reads still being served (subscriptions not counted). */
  readonly openReads: number;
  readonly openSubscriptions: number;
  /** Appends a `$`-typed event to a `$`-stream, as the node itself would. */
  appendSystemEvent(stream?: string, type?: string): void;
  close(): Promise<void>;
}

interface ServiceError {
  code: GrpcModule.status;
  details: string;
  metadata?: GrpcModule.Metadata;
}

class RequestError extends Error {
  constructor(readonly status: ServiceError) {
    super(status.details);
  }
}

export async function startEsdbDouble(options: EsdbDoubleOptions = {}): Promise<EsdbDouble> {
  const log = new EsdbDoubleLog();
  const batchAppend = options.batchAppend ?? true;
  const systemEventEvery = options.systemEventEvery ?? 3;
  const maxAppendSize = options.maxAppendSize ?? DEFAULT_MAX_APPEND_SIZE;
  const closing = new AbortController();
  let openReads = 0;
  let openSubscriptions = 0;
  let userAppends = 0;

  const appendSystemEvent = (stream = '$stats-127.0.0.1:2113', type = '$statsCollected'): void => {
    log.append(stream, { kind: 'any' }, [
      {
        id: randomUUID(),
        type,
        contentType: 'application/json',
        data: Buffer.from(JSON.stringify({ 'proc-mem': process.memoryUsage().rss })),
        metadata: new Uint8Array(0),
      },
    ]);
  };
  // A fresh node's log: its settings and default users are written before any application event.
  appendSystemEvent('$settings', '$settings');
  appendSystemEvent('$user-admin', '$User');
  appendSystemEvent('$users', '$UserCreated');

  const appendEvents = (stream: string, expected: ExpectedState, events: ProposedEvent[]) => {
    const outcome = log.append(stream, expected, events);
    if (outcome.kind === 'success' && outcome.written > 0 && systemEventEvery > 0) {
      if (++userAppends % systemEventEvery === 0) appendSystemEvent();
    }
    return outcome;
  };

  const streams: GrpcModule.UntypedServiceImplementation = {
    read(call: ReadCall): void {
      const subscription = call.request.getOptions()?.getCountOptionCase() === CountOptionCase.SUBSCRIPTION;
      if (subscription) openSubscriptions++;
      else openReads++;
      serveRead(call, log, closing.signal)
        .catch((error: unknown) => {
          if (!call.cancelled) call.emit('error', toServiceError(error));
        })
        .finally(() => {
          if (subscription) openSubscriptions--;
          else openReads--;
        });
    },
    append(
      call: GrpcModule.ServerReadableStream<StreamsModule.AppendReq, StreamsModule.AppendResp>,
      callback: GrpcModule.sendUnaryData<StreamsModule.AppendResp>,
    ): void {
      serveAppend(call, callback, appendEvents, maxAppendSize);
    },
  };
  if (batchAppend) {
    streams.batchAppend = (
      call: GrpcModule.ServerDuplexStream<StreamsModule.BatchAppendReq, StreamsModule.BatchAppendResp>,
    ): void => serveBatchAppend(call, appendEvents, maxAppendSize);
  }

  const server = new grpc.Server();
  server.addService(streamsGrpc.StreamsService, streams);
  server.addService(featuresGrpc.ServerFeaturesService, {
    getSupportedMethods(
      _call: GrpcModule.ServerUnaryCall<SharedModule.Empty, FeaturesModule.SupportedMethods>,
      callback: GrpcModule.sendUnaryData<FeaturesModule.SupportedMethods>,
    ): void {
      callback(null, supportedMethods(batchAppend));
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    );
  });

  return {
    url: `esdb://127.0.0.1:${port}?tls=false`,
    log,
    get openReads() {
      return openReads;
    },
    get openSubscriptions() {
      return openSubscriptions;
    },
    appendSystemEvent,
    async close() {
      closing.abort();
      await new Promise<void>((resolve) => {
        server.tryShutdown(() => resolve());
        // Live subscriptions never end on their own: cut them as a stopping node does.
        setImmediate(() => server.forceShutdown());
      });
    },
  };
}

const CountOptionCase = ReadReq.Options.CountOptionCase;

function supportedMethods(batchAppend: boolean): FeaturesModule.SupportedMethods {
  const method = (service: string, name: string, features: string[] = []) =>
    new featuresPb.SupportedMethod().setServiceName(service).setMethodName(name).setFeaturesList(features);
  const streamsService = 'event_store.client.streams.streams';
  const methods = [
    method(streamsService, 'read', ['position', 'events']),
    method(streamsService, 'append'),
    ...(batchAppend ? [method(streamsService, 'batchappend')] : []),
    method('event_store.client.server_features.serverfeatures', 'getsupportedmethods'),
  ];
  return new featuresPb.SupportedMethods().setMethodsList(methods).setEventStoreServerVersion(DOUBLE_VERSION);
}

// ---------------------------------------------------------------------------------------------------- reading

type EventFilter = (event: LoggedEvent) => boolean;

async function serveRead(call: ReadCall, log: EsdbDoubleLog, closing: AbortSignal): Promise<void> {
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

// ---------------------------------------------------------------------------------------------------- appending

type AppendEvents = typeof EsdbDoubleLog.prototype.append;

function serveAppend(
  call: GrpcModule.ServerReadableStream<StreamsModule.AppendReq, StreamsModule.AppendResp>,
  callback: GrpcModule.sendUnaryData<StreamsModule.AppendResp>,
  append: AppendEvents,
  maxAppendSize: number,
): void {
  let options: StreamsModule.AppendReq.Options | undefined;
  const events: ProposedEvent[] = [];
  let size = 0;
  let failed = false;
  const fail = (error: unknown): void => {
    if (failed) return;
    failed = true;
    callback(toServiceError(error), null);
  };
  call.on('data', (request: StreamsModule.AppendReq) => {
    if (failed) return;
    try {
      if (options === undefined) {
        if (request.getContentCase() !== AppendReq.ContentCase.OPTIONS) throw handlerException();
        options = request.getOptions();
        return;
      }
      const proposed = request.getProposedMessage();
      if (proposed === undefined) throw handlerException();
      const event = proposedEvent(proposed, true);
      size += eventSize(event);
      if (size > maxAppendSize) throw maxAppendSizeExceeded(maxAppendSize);
      events.push(event);
    } catch (error) {
      fail(error);
    }
  });
  call.on('error', () => undefined);
  call.on('end', () => {
    if (failed) return;
    try {
      if (options === undefined) throw handlerException();
      const cases = AppendReq.Options.ExpectedStreamRevisionCase;
      const expectedCase = options.getExpectedStreamRevisionCase();
      const expected: ExpectedState =
        expectedCase === cases.REVISION
          ? { kind: 'revision', revision: BigInt(options.getRevision()) }
          : expectedCase === cases.NO_STREAM
            ? { kind: 'no_stream' }
            : expectedCase === cases.STREAM_EXISTS
              ? { kind: 'stream_exists' }
              : expectedCase === cases.ANY
                ? { kind: 'any' }
                : (() => {
                    throw invalidArgument(`'${expectedCase}' is not a valid ExpectedStreamRevisionOneofCase`);
                  })();
      const outcome = append(streamName(options.getStreamIdentifier()), expected, events);
      const response = new AppendResp();
      if (outcome.kind === 'success') {
        const success = new AppendResp.Success();
        if (outcome.currentRevision === undefined) success.setNoStream(new sharedPb.Empty());
        else success.setCurrentRevision(String(outcome.currentRevision));
        if (outcome.position === undefined) success.setNoPosition(new sharedPb.Empty());
        else
          success.setPosition(
            new AppendResp.Position()
              .setCommitPosition(String(outcome.position))
              .setPreparePosition(String(outcome.position)),
          );
        callback(null, response.setSuccess(success));
        return;
      }
      // Both the current fields and the ones older clients read (`_2060`) are filled, as the server does.
      const wrong = new AppendResp.WrongExpectedVersion();
      if (outcome.currentRevision === undefined) {
        wrong.setCurrentNoStream(new sharedPb.Empty()).setNoStream2060(new sharedPb.Empty());
      } else {
        wrong
          .setCurrentRevision(String(outcome.currentRevision))
          .setCurrentRevision2060(Number(outcome.currentRevision));
      }
      switch (expected.kind) {
        case 'any':
          wrong.setExpectedAny(new sharedPb.Empty()).setAny2060(new sharedPb.Empty());
          break;
        case 'stream_exists':
          wrong.setExpectedStreamExists(new sharedPb.Empty()).setStreamExists2060(new sharedPb.Empty());
          break;
        case 'no_stream':
          wrong.setExpectedNoStream(new sharedPb.Empty());
          break;
        case 'revision':
          wrong
            .setExpectedRevision(String(expected.revision))
            .setExpectedRevision2060(Number(expected.revision));
          break;
      }
      callback(null, response.setWrongExpectedVersion(wrong));
    } catch (error) {
      fail(error);
    }
  });
}

interface PendingBatch {
  stream: string;
  identifier: SharedModule.StreamIdentifier | undefined;
  expected: ExpectedState;
  deadline: number | undefined;
  events: ProposedEvent[];
  size: number;
}

function serveBatchAppend(
  call: GrpcModule.ServerDuplexStream<StreamsModule.BatchAppendReq, StreamsModule.BatchAppendResp>,
  append: AppendEvents,
  maxAppendSize: number,
): void {
  const pending = new Map<string, PendingBatch>();
  const answer = (
    request: StreamsModule.BatchAppendReq,
    identifier: SharedModule.StreamIdentifier | undefined,
    result: StatusModule.Status | StreamsModule.BatchAppendResp.Success,
  ): void => {
    const response = new BatchAppendResp().setCorrelationId(request.getCorrelationId());
    if (identifier !== undefined) response.setStreamIdentifier(identifier);
    if (result instanceof statusPb.Status) response.setError(result);
    else response.setSuccess(result);
    if (!call.cancelled) call.write(response);
  };
  call.on('data', (request: StreamsModule.BatchAppendReq) => {
    const correlation = uuidKey(request.getCorrelationId());
    const options = request.getOptions();
    let batch = pending.get(correlation);
    try {
      if (options !== undefined && batch === undefined) {
        batch = {
          stream: streamName(options.getStreamIdentifier()),
          identifier: options.getStreamIdentifier(),
          expected: batchExpected(options),
          deadline: options.getDeadline()?.toDate().getTime(),
          events: [],
          size: 0,
        };
        pending.set(correlation, batch);
      }
      if (batch === undefined) return;
      for (const proposed of request.getProposedMessagesList()) {
        const event = proposedEvent(proposed, false);
        batch.size += eventSize(event);
        batch.events.push(event);
      }
      if (batch.size > maxAppendSize) {
        pending.delete(correlation);
        const exceeded = new sharedPb.MaximumAppendSizeExceeded().setMaxappendsize(maxAppendSize);
        answer(
          request,
          batch.identifier,
          status(
            codePb.Code.INVALID_ARGUMENT,
            'MaximumAppendSizeExceeded',
            exceeded,
            'MaximumAppendSizeExceeded',
          ),
        );
        return;
      }
      if (!request.getIsFinal()) return;
      pending.delete(correlation);
      if (batch.deadline !== undefined && batch.deadline <= Date.now()) {
        answer(
          request,
          batch.identifier,
          status(codePb.Code.DEADLINE_EXCEEDED, 'Timeout', new sharedPb.Timeout(), 'Timeout'),
        );
        return;
      }
      const outcome = append(batch.stream, batch.expected, batch.events);
      if (outcome.kind === 'success') {
        const success = new BatchAppendResp.Success();
        if (outcome.currentRevision === undefined) success.setNoStream(new emptyPb.Empty());
        else success.setCurrentRevision(String(outcome.currentRevision));
        if (outcome.position === undefined) success.setNoPosition(new emptyPb.Empty());
        else
          success.setPosition(
            new sharedPb.AllStreamPosition()
              .setCommitPosition(String(outcome.position))
              .setPreparePosition(String(outcome.position)),
          );
        answer(request, batch.identifier, success);
        return;
      }
      answer(
        request,
        batch.identifier,
        status(
          codePb.Code.ALREADY_EXISTS,
          'WrongExpectedVersion',
          wrongExpectedVersion(outcome.currentRevision, batch.expected),
          'WrongExpectedVersion',
        ),
      );
    } catch (error) {
      pending.delete(correlation);
      const message = error instanceof Error ? error.message : String(error);
      answer(
        request,
        options?.getStreamIdentifier() ?? batch?.identifier,
        status(
          codePb.Code.INVALID_ARGUMENT,
          'BadRequest',
          new sharedPb.BadRequest().setMessage(message),
          'BadRequest',
        ),
      );
    }
  });
  call.on('error', () => undefined);
  call.on('end', () => call.end());
}

function batchExpected(options: StreamsModule.BatchAppendReq.Options): ExpectedState {
  const cases = BatchAppendReq.Options.ExpectedStreamPositionCase;
  switch (options.getExpectedStreamPositionCase()) {
    case cases.STREAM_POSITION:
      return { kind: 'revision', revision: BigInt(options.getStreamPosition()) };
    case cases.NO_STREAM:
      return { kind: 'no_stream' };
    case cases.STREAM_EXISTS:
      return { kind: 'stream_exists' };
    case cases.ANY:
      return { kind: 'any' };
    default:
      throw new Error(
        `'${options.getExpectedStreamPositionCase()}' is not a valid ExpectedStreamPositionOneofCase`,
      );
  }
}

function wrongExpectedVersion(
  current: bigint | undefined,
  expected: ExpectedState,
): SharedModule.WrongExpectedVersion {
  const details = new sharedPb.WrongExpectedVersion();
  if (current === undefined) details.setCurrentNoStream(new emptyPb.Empty());
  else details.setCurrentStreamRevision(String(current));
  switch (expected.kind) {
    case 'any':
      return details.setExpectedAny(new emptyPb.Empty());
    case 'no_stream':
      return details.setExpectedNoStream(new emptyPb.Empty());
    case 'stream_exists':
      return details.setExpectedStreamExists(new emptyPb.Empty());
    case 'revision':
      return details.setExpectedStreamPosition(String(expected.revision));
  }
}

/** A `google.rpc.Status` whose details name the `event_store.client` message, as the server packs them. */
function status(
  code: CodeModule.Code,
  message: string,
  details: { serializeBinary(): Uint8Array },
  detailsType: string,
): StatusModule.Status {
  const packed = new anyPb.Any();
  packed.pack(details.serializeBinary(), `event_store.client.${detailsType}`);
  return new statusPb.Status().setCode(code).setMessage(message).setDetails(packed);
}

function proposedEvent(
  proposed: StreamsModule.AppendReq.ProposedMessage | StreamsModule.BatchAppendReq.ProposedMessage,
  appendCall: boolean,
): ProposedEvent {
  const metadata = proposed.getMetadataMap();
  const type = metadata.get('type');
  const contentType = metadata.get('content-type');
  if (type === undefined || contentType === undefined) {
    const missing = type === undefined ? 'type' : 'content-type';
    if (!appendCall) throw new Error(`The given key '${missing}' was not present in the dictionary.`);
    const trailers = new grpc.Metadata();
    trailers.set('exception', 'missing-required-metadata-property');
    trailers.set('required-metadata-properties', 'type,content-type');
    throw new RequestError({
      code: grpc.status.INVALID_ARGUMENT,
      details: `Required Metadata Property '${missing}' is missing`,
      metadata: trailers,
    });
  }
  return {
    id: canonicalUuid(proposed.getId()),
    type,
    contentType,
    data: proposed.getData_asU8(),
    metadata: proposed.getCustomMetadata_asU8(),
  };
}

function eventSize(event: ProposedEvent): number {
  return event.data.byteLength + event.metadata.byteLength + Buffer.byteLength(event.type, 'utf8');
}

function maxAppendSizeExceeded(maxAppendSize: number): RequestError {
  const trailers = new grpc.Metadata();
  trailers.set('exception', 'maximum-append-size-exceeded');
  trailers.set('maximum-append-size', String(maxAppendSize));
  return new RequestError({
    code: grpc.status.INVALID_ARGUMENT,
    details: `Maximum Append Size of ${maxAppendSize} Exceeded.`,
    metadata: trailers,
  });
}

// ---------------------------------------------------------------------------------------------------- shared

function streamName(identifier: SharedModule.StreamIdentifier | undefined): string {
  const name = identifier === undefined ? '' : Buffer.from(identifier.getStreamName_asU8()).toString('utf8');
  if (name === '') throw invalidArgument("'streamIdentifier' is a required argument");
  return name;
}

const UUID_TEXT = /^\{?([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})\}?$/i;

/** The server parses ids as .NET Guids and writes them back in lower-case canonical form. */
function canonicalUuid(uuid: SharedModule.UUID | undefined): string {
  if (uuid?.hasStructured()) {
    const structured = uuid.getStructured();
    const high = BigInt.asUintN(64, BigInt(structured?.getMostSignificantBits() ?? '0'));
    const low = BigInt.asUintN(64, BigInt(structured?.getLeastSignificantBits() ?? '0'));
    const hex = high.toString(16).padStart(16, '0') + low.toString(16).padStart(16, '0');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
  const text = uuid?.getString() ?? '';
  const parts = UUID_TEXT.exec(text);
  if (parts === null)
    throw new Error(
      `Guid should contain 32 digits with 4 dashes (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx): '${text}'`,
    );
  return parts.slice(1).join('-').toLowerCase();
}

function uuidKey(uuid: SharedModule.UUID | undefined): string {
  try {
    return canonicalUuid(uuid);
  } catch {
    return uuid?.getString() ?? '';
  }
}

function uuidMessage(id: string, structured: boolean): SharedModule.UUID {
  if (!structured) return new sharedPb.UUID().setString(id);
  const hex = id.replaceAll('-', '');
  return new sharedPb.UUID().setStructured(
    new sharedPb.UUID.Structured()
      .setMostSignificantBits(String(BigInt.asIntN(64, BigInt(`0x${hex.slice(0, 16)}`))))
      .setLeastSignificantBits(String(BigInt.asIntN(64, BigInt(`0x${hex.slice(16)}`)))),
  );
}

function invalidArgument(details: string): RequestError {
  return new RequestError({ code: grpc.status.INVALID_ARGUMENT, details });
}

/** What ASP.NET Core's gRPC host answers for an exception a handler did not turn into a status. */
function handlerException(): RequestError {
  return new RequestError({ code: grpc.status.UNKNOWN, details: 'Exception was thrown by handler.' });
}

function toServiceError(error: unknown): ServiceError {
  if (error instanceof RequestError) return error.status;
  if (error instanceof InvalidPositionError) {
    return { code: grpc.status.INVALID_ARGUMENT, details: 'Trying to read from an invalid position.' };
  }
  return { code: grpc.status.UNKNOWN, details: 'Exception was thrown by handler.' };
}

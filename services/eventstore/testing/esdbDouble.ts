/**
 * TEST DOUBLE — NOT EVENTSTOREDB, NOT A PRODUCT. A wire-level stand-in for an EventStoreDB node, so that the
 * `esdb` adapter runs, through the real `@eventstore/db-client`, in every test run on machines where no server can
 * run. It serves the gRPC protocol the client package ships (its generated `streams` and `serverfeatures`
 * definitions under `@eventstore/db-client/generated/`) from memory, on 127.0.0.1 without TLS.
 *
 * What it serves, with the rules of the in-memory log in `esdbDoubleLog.ts`:
 * - `Streams.Append` and `Streams.BatchAppend` (answered in `esdbDoubleAppends.ts`): expected revision (any,
 *   no_stream, stream_exists, exact), the idempotent retry, the `WrongExpectedVersion` answers of each, the maximum
 *   append size;
 * - `Streams.Read` (answered in `esdbDoubleReads.ts`): a stream or `$all`, forwards and backwards, from a revision
 *   or position, with a count (stream not found answered as the server does), and catch-up subscriptions to `$all`
 *   from a position (confirmation, catch-up, caught-up, then live appends), with event-type or stream-name filters
 *   and their checkpoints;
 * - `ServerFeatures.GetSupportedMethods`, listing exactly what is served here.
 * Every other method answers UNIMPLEMENTED, as a server does for a method it does not know; stream subscriptions
 * also answer UNIMPLEMENTED (the adapter does not use them). Passing against this double proves the adapter speaks
 * the client's protocol and honours the semantics modelled here, not that a real server behaves the same: the
 * real-server tier (`EVENTSTORE_URL`) remains the proof of that.
 */
import { randomUUID } from 'node:crypto';
import type * as GrpcModule from '@grpc/grpc-js';
import type * as FeaturesModule from '@eventstore/db-client/generated/serverfeatures_pb';
import type * as SharedModule from '@eventstore/db-client/generated/shared_pb';
import type * as StreamsModule from '@eventstore/db-client/generated/streams_pb';
import { serveAppend, serveBatchAppend } from './esdbDoubleAppends';
import { EsdbDoubleLog } from './esdbDoubleLog';
import type { ExpectedState, ProposedEvent } from './esdbDoubleLog';
import { featuresGrpc, featuresPb, grpc, streamsGrpc, toServiceError } from './esdbDoubleProtocol';
import { CountOptionCase, serveRead } from './esdbDoubleReads';
import type { ReadCall } from './esdbDoubleReads';

/** The server's default `MaxAppendSize`. */
const DEFAULT_MAX_APPEND_SIZE = 1_048_576;
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

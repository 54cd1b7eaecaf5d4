/**
 * TEST DOUBLE — NOT EVENTSTOREDB. How the wire-level EventStoreDB double (`esdbDouble.ts`) answers
 * `Streams.Append` and `Streams.BatchAppend`: the expected revision, the maximum append size, and the success or
 * `WrongExpectedVersion` answer of each in the shape the client reads, over the in-memory log (`esdbDoubleLog.ts`).
 */
import type * as GrpcModule from '@grpc/grpc-js';
import type * as CodeModule from '@eventstore/db-client/generated/code_pb';
import type * as SharedModule from '@eventstore/db-client/generated/shared_pb';
import type * as StatusModule from '@eventstore/db-client/generated/status_pb';
import type * as StreamsModule from '@eventstore/db-client/generated/streams_pb';
import type { EsdbDoubleLog, ExpectedState, ProposedEvent } from './esdbDoubleLog';
import {
  anyPb,
  canonicalUuid,
  codePb,
  emptyPb,
  grpc,
  handlerException,
  invalidArgument,
  RequestError,
  sharedPb,
  statusPb,
  streamName,
  streamsPb,
  toServiceError,
  uuidKey,
} from './esdbDoubleProtocol';

const { AppendReq, AppendResp, BatchAppendReq, BatchAppendResp } = streamsPb;

export type AppendEvents = typeof EsdbDoubleLog.prototype.append;

export function serveAppend(
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

export function serveBatchAppend(
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

/**
 * TEST DOUBLE — NOT EVENTSTOREDB. What the handlers of the wire-level EventStoreDB double (`esdbDouble.ts`) share:
 * the client package's generated protocol code, stream names, ids in both of the server's encodings, and the
 * errors a handler answers with, as the server answers them.
 */
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
import { InvalidPositionError } from './esdbDoubleLog';

// The generated protocol code is CommonJS whose exports ES imports cannot see; it is loaded from the client
// package's own location, so the double and the client share one copy of grpc-js and google-protobuf.
const requireHere = createRequire(import.meta.url);
const requireFromClient = createRequire(requireHere.resolve('@eventstore/db-client'));
export const grpc = requireFromClient('@grpc/grpc-js') as typeof GrpcModule;
const generated = (name: string): unknown => requireFromClient(`@eventstore/db-client/generated/${name}.js`);
export const streamsPb = generated('streams_pb') as typeof StreamsModule;
export const streamsGrpc = generated('streams_grpc_pb') as typeof StreamsGrpcModule;
export const sharedPb = generated('shared_pb') as typeof SharedModule;
export const statusPb = generated('status_pb') as typeof StatusModule;
export const codePb = generated('code_pb') as typeof CodeModule;
export const featuresPb = generated('serverfeatures_pb') as typeof FeaturesModule;
export const featuresGrpc = generated('serverfeatures_grpc_pb') as typeof FeaturesGrpcModule;
export const anyPb = requireFromClient('google-protobuf/google/protobuf/any_pb.js') as typeof AnyModule;
export const emptyPb = requireFromClient('google-protobuf/google/protobuf/empty_pb.js') as typeof EmptyModule;

export interface ServiceError {
  code: GrpcModule.status;
  details: string;
  metadata?: GrpcModule.Metadata;
}

export class RequestError extends Error {
  constructor(readonly status: ServiceError) {
    super(status.details);
  }
}

export function streamName(identifier: SharedModule.StreamIdentifier | undefined): string {
  const name = identifier === undefined ? '' : Buffer.from(identifier.getStreamName_asU8()).toString('utf8');
  if (name === '') throw invalidArgument("'streamIdentifier' is a required argument");
  return name;
}

const UUID_TEXT = /^\{?([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})\}?$/i;

/** The server parses ids as .NET Guids and writes them back in lower-case canonical form. */
export function canonicalUuid(uuid: SharedModule.UUID | undefined): string {
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

export function uuidKey(uuid: SharedModule.UUID | undefined): string {
  try {
    return canonicalUuid(uuid);
  } catch {
    return uuid?.getString() ?? '';
  }
}

export function uuidMessage(id: string, structured: boolean): SharedModule.UUID {
  if (!structured) return new sharedPb.UUID().setString(id);
  const hex = id.replaceAll('-', '');
  return new sharedPb.UUID().setStructured(
    new sharedPb.UUID.Structured()
      .setMostSignificantBits(String(BigInt.asIntN(64, BigInt(`0x${hex.slice(0, 16)}`))))
      .setLeastSignificantBits(String(BigInt.asIntN(64, BigInt(`0x${hex.slice(16)}`)))),
  );
}

export function invalidArgument(details: string): RequestError {
  return new RequestError({ code: grpc.status.INVALID_ARGUMENT, details });
}

/** What ASP.NET Core's gRPC host answers for an exception a handler did not turn into a status. */
export function handlerException(): RequestError {
  return new RequestError({ code: grpc.status.UNKNOWN, details: 'Exception was thrown by handler.' });
}

export function toServiceError(error: unknown): ServiceError {
  if (error instanceof RequestError) return error.status;
  if (error instanceof InvalidPositionError) {
    return { code: grpc.status.INVALID_ARGUMENT, details: 'Trying to read from an invalid position.' };
  }
  return { code: grpc.status.UNKNOWN, details: 'Exception was thrown by handler.' };
}

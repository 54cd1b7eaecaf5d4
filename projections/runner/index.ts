export type {
  Projection,
  ProjectionContext,
  ProjectionLag,
  ProjectionNotice,
  ProjectionStatus,
  ReadModelTable,
  RunnerLogger,
} from './types';
export { openReadModelDb } from './db';
export type { ReadModelDbConfig } from './db';
export { readStorageConfig } from './config';
export type { EventStoreConfig, StorageConfig } from './config';
export { ProjectionRunner, ProjectionHandlerError, consoleLogger } from './runner';
export type { HandlerErrorPolicy, NoticeListener, ProjectionRunnerOptions } from './runner';
export { listParked, parkedEventsTable, retryParked, skipParked } from './parked';
export type { ParkedEvent, RetryOutcome } from './parked';
export { rebuildProjection } from './rebuild';
export type { RebuildOptions, RebuildResult } from './rebuild';
export { readLag } from './lag';
export { readCheckpoint, readCheckpoints } from './checkpoints';
export type { Checkpoint } from './checkpoints';
export { createReadModelTables, dropReadModelTables } from './tables';

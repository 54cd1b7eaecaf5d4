import type pg from 'pg';
import { Server } from 'socket.io';
import type { PlatformIo, RelayedNotice } from '../kit/live';
import type { Logger } from '../kit/logger';
import type { ProjectionNotice } from '../../projections/runner/types';

/**
 * What the processes of one platform tell each other (docs/decisions/process-roles.md), over the Socket.IO
 * PostgreSQL adapter: the read-model notices of the process that runs the projections (so every API process
 * can answer read-your-writes and push live changes), and the admissions a door committed (so devices on other
 * API processes hear of them before the read model has them). The API role attaches the same Socket.IO server
 * to its HTTP server; a process without the API role keeps it unattached, as a sender only. Without PostgreSQL
 * read models there is one process, and the in-memory adapter sends nothing anywhere.
 */
export interface ClusterBus {
  readonly io: PlatformIo;
  /** Whether other processes can hear this one (PostgreSQL read models). */
  readonly shared: boolean;
  /** Sends this process's notices to the others, a few milliseconds' worth per message. */
  relay(notice: ProjectionNotice): void;
  onNotices(listener: (notice: ProjectionNotice) => void): () => void;
  close(): Promise<void>;
}

/** Sizes a pool for the adapter: one listening connection, and a few for notifications and attachments. */
const adapterPoolSize = 4;
/** Notices gathered before one message goes out: a rush commits a batch every few milliseconds per projection. */
const relaySpacingMs = 5;
export const attachmentsTable = 'socket_io_attachments';

export async function openClusterBus(options: {
  readModelsUrl: string | null;
  logger: Logger;
}): Promise<ClusterBus> {
  const io: PlatformIo = new Server({ serveClient: false, transports: ['websocket', 'polling'] });
  let pool: pg.Pool | null = null;
  if (options.readModelsUrl) {
    // Loaded only with PostgreSQL read models: an embedded process is alone and needs neither.
    const [{ createAdapter }, { default: postgres }] = await Promise.all([
      import('@socket.io/postgres-adapter'),
      import('pg'),
    ]);
    pool = new postgres.Pool({ connectionString: options.readModelsUrl, max: adapterPoolSize });
    pool.on('error', (error) => options.logger.error('cluster bus connection failed', { error }));
    await pool.query(
      `CREATE TABLE IF NOT EXISTS ${attachmentsTable} (
         id bigserial UNIQUE, created_at timestamptz DEFAULT now(), payload bytea)`,
    );
    io.adapter(
      createAdapter(pool, {
        tableName: attachmentsTable,
        errorHandler: (error) => options.logger.error('cluster bus message failed', { error }),
      }),
    );
  }

  const listeners = new Set<(notice: ProjectionNotice) => void>();
  io.on('readmodel.notices', (notices) => {
    for (const relayed of notices) {
      const notice: ProjectionNotice = {
        projection: relayed.projection,
        position: BigInt(relayed.position),
        keys: relayed.keys,
      };
      for (const listener of listeners) listener(notice);
    }
  });

  let pending = new Map<string, RelayedNotice>();
  let timer: NodeJS.Timeout | null = null;
  const flush = (): void => {
    timer = null;
    const notices = [...pending.values()];
    pending = new Map();
    if (notices.length > 0) io.serverSideEmit('readmodel.notices', notices);
  };

  return {
    io,
    shared: pool !== null,
    relay(notice) {
      if (!pool) return;
      const earlier = pending.get(notice.projection);
      pending.set(notice.projection, {
        projection: notice.projection,
        position: notice.position.toString(),
        keys: earlier ? [...new Set([...earlier.keys, ...notice.keys])] : [...notice.keys],
      });
      if (!timer) {
        timer = setTimeout(flush, relaySpacingMs);
        timer.unref();
      }
    },
    onNotices(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (timer) {
        clearTimeout(timer);
        flush();
      }
      listeners.clear();
      // Not io.close(): that would close an attached HTTP server, which the platform drains on its own terms.
      io.local.disconnectSockets(true);
      await new Promise<void>((resolve) => {
        const adapter = io.of('/').adapter as { close?: () => Promise<void> | void };
        Promise.resolve(adapter.close?.()).then(
          () => resolve(),
          () => resolve(),
        );
      });
      io.engine?.close();
      await pool?.end();
    },
  };
}

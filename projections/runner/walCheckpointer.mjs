// The embedded read-model database's WAL checkpoints (projections/runner/db.ts), on a thread of their own. SQLite
// runs a checkpoint inside the COMMIT that takes the WAL past a thousand pages: it copies the pages into the
// database file and fsyncs both, several milliseconds during which the process's event loop (HTTP, Socket.IO, the
// door's scans) stood still. The process's connection turns that off (`wal_autocheckpoint = 0`) and this thread
// checkpoints instead, PASSIVE: it never waits for and never blocks a reader or the writer. Plain JavaScript so the
// thread starts in milliseconds, without a TypeScript loader.
//
// In: { file, busyTimeoutMs, everyMs, state } as workerData; then { close }. Out: { failed: message } when a
// checkpoint throws (the process's connection then checkpoints on commit again). `state` (an Int32Array on shared
// memory) lets the process's connection close after this one, as the last, without waiting for the thread to start:
// STARTING, then OPEN once this thread takes the file, CLOSED once it let go of it; CANCELLED when the process's
// connection closed before this thread started, which then never opens the file.
import { clearInterval, setInterval } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const STARTING = 0;
const OPEN = 1;
const CLOSED = 2;
const state = workerData.state;
if (Atomics.compareExchange(state, 0, STARTING, OPEN) !== STARTING) process.exit(0);

/** Lets go of the file: the process's connection, waiting to close last, goes on. */
function released() {
  Atomics.store(state, 0, CLOSED);
  Atomics.notify(state, 0);
}

let db;
try {
  db = new Database(workerData.file);
  // The checkpoint's fsyncs follow this connection's setting: as the process's connection (projections/runner/db.ts).
  db.pragma('synchronous = NORMAL');
  db.pragma(`busy_timeout = ${workerData.busyTimeoutMs}`);
} catch (error) {
  db?.close();
  released();
  throw error;
}

const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    clearInterval(timer);
    parentPort.postMessage({ failed: error instanceof Error ? error.message : String(error) });
  }
}, workerData.everyMs);

parentPort.on('message', (message) => {
  if (!message.close) return;
  clearInterval(timer);
  try {
    db.close();
  } finally {
    released();
    parentPort.close();
  }
});

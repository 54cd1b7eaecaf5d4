// The SQLite event store's writer (services/eventstore/sqlite.ts), on a thread of its own: every group-commit
// transaction ends with an fsync (synchronous=FULL), and on the API's event loop that wait stopped every request
// in the process. Plain JavaScript so the thread starts in milliseconds, without a TypeScript loader.
//
// In: { file, busyTimeoutMs } as workerData; then messages { batch, recordedAt } (one at a time) and { close }.
// Out: { outcomes, head, foreignBefore } per batch: outcomes in the batch's order, { ok: true, nextRevision, position,
// tail } (decimal strings; `tail` is the stream's last revision after the append, which a replayed append does not
// change) or { ok: false, error } with error { kind: 'wrong_expected' | 'duplicate' | 'failed', ... }; `head` is the
// log's last position after the commit, and `foreignBefore` tells that another connection wrote since this thread's
// previous batch. Or { failed } when the whole transaction failed.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma(`busy_timeout = ${workerData.busyTimeoutMs}`);

const s = {
  begin: db.prepare('BEGIN IMMEDIATE'),
  commit: db.prepare('COMMIT'),
  rollback: db.prepare('ROLLBACK'),
  savepoint: db.prepare('SAVEPOINT append'),
  release: db.prepare('RELEASE append'),
  rollbackTo: db.prepare('ROLLBACK TO append'),
  byId: db.prepare('SELECT stream, revision, position FROM es_events WHERE id = ?'),
  tail: db.prepare(
    'SELECT revision, position FROM es_events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
  ),
  head: db.prepare('SELECT max(position) AS head FROM es_events'),
  insert: db.prepare(
    'INSERT INTO es_events (id, stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ),
};

/** A refusal the main thread turns back into its error class. */
class Refused extends Error {
  constructor(refusal) {
    super(refusal.kind);
    this.refusal = refusal;
  }
}

const wrongExpected = (stream, expected, actual) =>
  new Refused({ kind: 'wrong_expected', stream, expected, actual });

/** `expected`: 'any' | 'no_stream' | 'exists' | a decimal revision; `current`: the last revision or undefined. */
function checkExpected(stream, expected, current) {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current === undefined) ||
    (expected === 'exists' && current !== undefined) ||
    (/^\d+$/.test(expected) && current !== undefined && String(current) === expected);
  if (!ok) throw wrongExpected(stream, expected, current === undefined ? 'no_stream' : String(current));
}

function isUniqueViolation(error, column) {
  return error?.code === 'SQLITE_CONSTRAINT_UNIQUE' && String(error.message).includes(column);
}

/** The first id is already stored: an exact retry (answered as before) or a conflicting overlap. */
function retried(stream, events, expected, first) {
  let last = first;
  let exact = first.stream === stream;
  for (let index = 1; exact && index < events.length; index++) {
    const row = s.byId.get(events[index].id);
    exact = row !== undefined && row.stream === stream && row.revision === first.revision + index;
    if (row !== undefined) last = row;
  }
  if (exact) {
    const tail = s.tail.get(stream);
    return {
      nextRevision: String(last.revision),
      position: String(last.position),
      tail: String(tail?.revision ?? last.revision),
    };
  }
  if (first.stream !== stream)
    throw new Refused({ kind: 'duplicate', id: events[0].id, stream, existingStream: first.stream });
  const tail = s.tail.get(stream);
  throw wrongExpected(stream, expected, tail === undefined ? 'no_stream' : String(tail.revision));
}

/** One append inside the group transaction; throwing undoes only this append (see the savepoint below). */
function applyOne({ stream, events, expected }, recordedAt) {
  const first = events[0];
  if (first !== undefined) {
    const existing = s.byId.get(first.id);
    if (existing !== undefined) return retried(stream, events, expected, existing);
  }
  const tail = s.tail.get(stream);
  checkExpected(stream, expected, tail?.revision);
  if (events.length === 0) {
    return tail === undefined
      ? { nextRevision: '-1', position: '0', tail: '-1' }
      : { nextRevision: String(tail.revision), position: String(tail.position), tail: String(tail.revision) };
  }
  let revision = tail?.revision ?? -1;
  let position = 0;
  for (const event of events) {
    revision++;
    try {
      position = s.insert.run(
        event.id,
        stream,
        revision,
        event.type,
        event.data,
        event.metadata,
        recordedAt,
      ).lastInsertRowid;
    } catch (error) {
      if (isUniqueViolation(error, 'es_events.id')) {
        const holder = s.byId.get(event.id);
        if (holder?.stream === stream)
          throw wrongExpected(stream, expected, tail === undefined ? 'no_stream' : String(tail.revision));
        throw new Refused({ kind: 'duplicate', id: event.id, stream, existingStream: holder?.stream });
      }
      throw error;
    }
  }
  return { nextRevision: String(revision), position: String(position), tail: String(revision) };
}

function failure(error) {
  if (error instanceof Refused) return error.refusal;
  return { kind: 'failed', message: String(error?.message ?? error), code: error?.code };
}

/** The log's last position after this thread's last commit; undefined before its first. */
let lastHead;

function writeBatch(batch, recordedAt) {
  const outcomes = [];
  s.begin.run();
  try {
    const before = s.head.get().head ?? 0;
    const foreignBefore = before !== lastHead;
    for (const append of batch) {
      // A single INSERT that fails undoes itself (statement atomicity); only multi-event appends need a savepoint.
      const savepoint = append.events.length > 1;
      if (savepoint) s.savepoint.run();
      try {
        const result = applyOne(append, recordedAt);
        if (savepoint) s.release.run();
        outcomes.push({ ok: true, ...result });
      } catch (error) {
        if (savepoint) {
          s.rollbackTo.run();
          s.release.run();
        }
        outcomes.push({ ok: false, error: failure(error) });
      }
    }
    const head = s.head.get().head ?? 0;
    s.commit.run();
    lastHead = head;
    return { outcomes, head: String(head), foreignBefore };
  } catch (error) {
    if (db.inTransaction) s.rollback.run();
    throw error;
  }
}

parentPort.on('message', (message) => {
  if (message.close) {
    db.close();
    parentPort.close();
    return;
  }
  try {
    parentPort.postMessage(writeBatch(message.batch, message.recordedAt));
  } catch (error) {
    parentPort.postMessage({ failed: failure(error) });
  }
});

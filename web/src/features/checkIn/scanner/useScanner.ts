import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import type {
  CheckInChanged,
  ClientToServerEvents,
  ServerToClientEvents,
} from '../../../../../services/kit/contracts/realtime';
import {
  importTicketKeys,
  verifyTicketCode,
  type TicketVerificationKeys,
} from '../../../../../services/admission/ticketCodeFormat';
import { isApiError } from '../../../shared/api/ApiError';
import { readStorage, StorageKeys, writeStorage } from '../../../shared/storage';
import { classifyScan, ScanMemory, type KnownAdmission, type KnownAttendee } from './scanMemory';
import {
  getSnapshot,
  onlineTransport,
  searchAttendees,
  type FoundAttendee,
  type ScanAnswer,
  type ScanRequest,
  type ScanResult,
} from './scannerApi';
import {
  cachedPushes,
  cacheSnapshot,
  cachedSnapshot,
  decideOffline,
  keepPush,
  OfflineQueue,
} from './offline';
import { useInstallableScanner } from './installable';

export type Shown =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'failed' }
  /** An order reference typed at the door: its tickets on this list are listed below the panel. */
  | { kind: 'order'; reference: string; count: number }
  | {
      kind: 'answer';
      result: ScanResult;
      /** `device`: answered from what this device knows, before (or without) the server. */
      source: 'device' | 'server';
      name: string | null;
      attendeeShortId: string | null;
      /** What tells namesakes apart, from the device's list when it knows the attendee. */
      ticketTitle: string | null;
      orderReference: string | null;
      admission: (KnownAdmission & { listName?: string }) | null;
      /** The server's scan, kept while its answer is shown: an unpaid attendee may be admitted as paid. */
      request?: ScanRequest;
    };

/** A person in the search results or an order's tickets: enough to tell namesakes apart and admit the right one. */
export interface DoorAttendee {
  id: string;
  shortId: string;
  name: string;
  ticketTitle: string | null;
  orderReference: string | null;
  email: string | null;
  status: 'ACTIVE' | 'CANCELLED';
  payment: 'PAID' | 'UNPAID' | 'PENDING';
}

export const fromFound = (attendee: FoundAttendee): DoorAttendee => ({
  id: attendee.id,
  shortId: attendee.short_id,
  name: `${attendee.first_name} ${attendee.last_name}`.trim(),
  ticketTitle: attendee.ticket_title,
  orderReference: attendee.order_reference,
  email: attendee.email || null,
  status: attendee.status,
  payment: attendee.payment,
});

const fromKnown = (attendee: KnownAttendee): DoorAttendee => ({
  id: attendee.id,
  shortId: attendee.shortId,
  name: `${attendee.firstName} ${attendee.lastName}`.trim(),
  ticketTitle: attendee.ticketTitle,
  orderReference: attendee.orderReference,
  email: null,
  status: attendee.status,
  payment: attendee.payment,
});

function deviceId(): string {
  const known = readStorage(StorageKeys.checkInDevice);
  if (known && /^[A-Za-z0-9_-]{4,80}$/.test(known)) return known;
  const fresh = `dev-${randomToken(8)}`;
  writeStorage(StorageKeys.checkInDevice, fresh);
  return fresh;
}

/** No answer from the server (offline, or a proxy without it), as opposed to a refusal it gave. */
function unreachable(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || [502, 503, 504].includes(error.status);
}

function randomToken(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * The scanner's controller (ScannerPage renders it): the list's snapshot, cached for offline use, and the
 * device's memory of admissions kept current by the list room's pushes; each scan decided by the server, or
 * by the device alone when the server cannot be reached, and queued for upload until it answers.
 */
export function useScanner(shortId: string) {
  const snapshot = useQuery({
    queryKey: ['checkInScanner', shortId],
    queryFn: async ({ signal }) => {
      try {
        const fresh = await getSnapshot(shortId, signal);
        cacheSnapshot(shortId, fresh);
        return fresh;
      } catch (error) {
        // Offline (or the server unreachable): the device scans with what it cached last.
        const cached = unreachable(error) ? cachedSnapshot(shortId) : null;
        if (cached) return cached;
        throw error;
      }
    },
    // The page must open and scan without the network, so the query runs whatever the browser says.
    networkMode: 'always',
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 3,
    refetchOnWindowFocus: false,
  });
  useInstallableScanner(shortId);
  const queue = useMemo(() => new OfflineQueue(shortId), [shortId]);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [pending, setPending] = useState(() => queue.size);
  const memory = useMemo(() => new ScanMemory(), [shortId]);
  const [, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((version) => version + 1), []);
  const [connected, setConnected] = useState(false);
  const [revoked, setRevoked] = useState(false);
  const [keys, setKeys] = useState<TicketVerificationKeys | null>(null);
  const [shown, setShown] = useState<Shown>({ kind: 'idle' });
  const [lookup, setLookup] = useState<{ reference: string; attendees: DoorAttendee[] } | null>(null);
  const [gate, setGate] = useState(() => readStorage(StorageKeys.checkInGate) ?? '');
  const device = useMemo(deviceId, []);
  const transport = useMemo(() => onlineTransport(shortId), [shortId]);
  const scanning = useRef(0);

  useEffect(() => {
    if (!snapshot.data) return;
    memory.loadSnapshot(snapshot.data.attendees, snapshot.data.position);
    // What this device heard or decided since the snapshot was cached (a page reopened offline).
    for (const change of cachedPushes(shortId)) memory.receive(change);
    for (const { scan, memoryId } of queue.entries)
      if (!memory.admissionOf(memoryId))
        memory.admit(memoryId, {
          checkInId: scan.nonce,
          at: scan.scanned_at,
          deviceId: scan.device_id,
          gate: scan.gate ?? null,
        });
    changed();
    importTicketKeys(snapshot.data.ticket_keys).then(setKeys, () => setKeys(null));
  }, [snapshot.data, memory, changed, shortId, queue]);

  const refetch = snapshot.refetch;
  const uploading = useRef(false);
  /** Sends the scans decided offline, then takes the snapshot again (the server's view of them). */
  const upload = useCallback(async () => {
    if (uploading.current || queue.size === 0) return;
    uploading.current = true;
    try {
      await queue.upload();
      await refetch();
    } catch (error) {
      // Still unreachable: the scans stay queued for the next try. A revoked link keeps them on the device too.
      if (isApiError(error) && error.status === 410) setRevoked(true);
    } finally {
      uploading.current = false;
      setPending(queue.size);
    }
  }, [queue, refetch]);

  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      void upload();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    if (navigator.onLine) void upload();
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [upload]);

  useEffect(() => {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
      auth: { checkInList: shortId },
      transports: ['websocket', 'polling'],
    });
    let connectedBefore = false;
    socket.on('connect', () => {
      setConnected(true);
      // Pushes may have been missed while disconnected: the snapshot is taken again.
      if (connectedBefore) void refetch();
      connectedBefore = true;
      void upload();
    });
    socket.on('disconnect', () => setConnected(false));
    socket.on('connect_error', (error) => {
      if (/revoked|not_found/.test(error.message)) setRevoked(true);
    });
    socket.on('checkin.changes', (changes: CheckInChanged[]) => {
      for (const change of changes) {
        memory.receive(change);
        keepPush(shortId, change);
      }
      changed();
    });
    return () => {
      socket.disconnect();
    };
  }, [shortId, memory, changed, refetch, upload]);

  const listName = snapshot.data?.list.name ?? '';
  const eventId = snapshot.data?.event.id;
  const list = snapshot.data?.list;

  /** Keeps a server's admission in this device's memory, so the next scan of that ticket is a duplicate here. */
  const remember = useCallback(
    (answer: ScanAnswer) => {
      if (answer.result !== 'admitted' || !answer.attendee || !answer.check_in) return;
      memory.admit(answer.attendee.id, {
        checkInId: answer.check_in.id,
        at: answer.check_in.checked_in_at,
        deviceId: answer.check_in.device_id,
        gate: answer.check_in.gate,
      });
      changed();
    },
    [memory, changed],
  );

  /** Cash at the door: the unpaid attendee's order is marked paid and they are admitted, as one new scan. */
  const admitAsPaid = useCallback(
    async (request: ScanRequest) => {
      const ticket = ++scanning.current;
      setShown({ kind: 'checking' });
      try {
        const answer = await transport.scanPaid({ ...request, nonce: `${device}-${randomToken(8)}` });
        remember(answer);
        if (ticket === scanning.current) setShown(fromAnswer(answer, memory));
        vibrate(answer.result);
      } catch {
        if (ticket === scanning.current) setShown({ kind: 'failed' });
      }
    },
    [transport, device, remember, memory],
  );

  /** An order reference a buyer reads out: its tickets on this list, from the server or, offline, the device. */
  const lookUpOrder = useCallback(
    async (reference: string) => {
      const ticket = ++scanning.current;
      setLookup(null);
      const show = (attendees: DoorAttendee[]) => {
        if (ticket !== scanning.current) return;
        setLookup(attendees.length > 0 ? { reference, attendees } : null);
        setShown({ kind: 'order', reference, count: attendees.length });
      };
      const fromDevice = () => memory.attendeesOfOrder(reference).map(fromKnown);
      if (!navigator.onLine) {
        show(fromDevice());
        return;
      }
      setShown({ kind: 'checking' });
      try {
        show((await searchAttendees(shortId, { order_reference: reference, limit: 100 })).map(fromFound));
      } catch (error) {
        if (ticket !== scanning.current) return;
        if (unreachable(error)) show(fromDevice());
        else setShown({ kind: 'failed' });
      }
    },
    [memory, shortId],
  );

  const submit = useCallback(
    async (text: string, from: 'scan' | 'lookup' = 'scan') => {
      const target = classifyScan(text);
      if (!target) return;
      if (memory.isRepeat(text.trim(), Date.now())) return;
      if ('orderReference' in target) {
        await lookUpOrder(target.orderReference);
        return;
      }
      // A new ticket at the door: the order listed before is done with (a person picked from it is not).
      if (from === 'scan') setLookup(null);
      const ticket = ++scanning.current;
      let attendeeShortId = 'attendeeShortId' in target ? target.attendeeShortId : null;
      let codeTicketId: string | null = null;
      if ('code' in target && keys) {
        const check = await verifyTicketCode(target.code, keys);
        if (!check.ok || check.fields.eventId !== eventId) {
          setShown({
            kind: 'answer',
            result: check.ok ? 'ticket_of_another_event' : 'invalid_ticket_code',
            source: 'device',
            name: null,
            attendeeShortId: null,
            ticketTitle: null,
            orderReference: null,
            admission: null,
          });
          return;
        }
        attendeeShortId = check.fields.attendeeShortId;
        codeTicketId = check.fields.ticketId;
      }
      const known = attendeeShortId ? memory.attendeeByShortId(attendeeShortId) : undefined;
      // An attendee newer than the cached snapshot is remembered by short id when admitted offline.
      const memoryId = known?.id ?? (attendeeShortId ? `short:${attendeeShortId}` : null);
      const admission = memoryId ? memory.admissionOf(memoryId) : undefined;
      const name = known ? `${known.firstName} ${known.lastName}`.trim() : null;
      const request = {
        ...('code' in target ? { code: target.code } : { attendee_short_id: target.attendeeShortId }),
        nonce: `${device}-${randomToken(8)}`,
        device_id: device,
        gate: gate.trim() || null,
      };
      const decideHere = () => {
        if (!list || (!codeTicketId && !known)) {
          // Unverifiable offline (no keys yet, or a reference not in the cache).
          setShown({ kind: 'failed' });
          return;
        }
        const now = new Date();
        const result = decideOffline({ list, ticketId: codeTicketId, attendee: known, admission, now });
        if (result === 'admitted' && memoryId) {
          queue.add({ scan: { ...request, scanned_at: now.toISOString() }, memoryId });
          setPending(queue.size);
          memory.admit(memoryId, {
            checkInId: request.nonce,
            at: now.toISOString(),
            deviceId: device,
            gate: request.gate,
          });
          changed();
        }
        setShown({
          kind: 'answer',
          result,
          source: 'device',
          name,
          attendeeShortId,
          ticketTitle: known?.ticketTitle ?? null,
          orderReference: known?.orderReference ?? null,
          admission: result === 'already_checked_in' ? (admission ?? null) : null,
        });
        vibrate(result);
      };
      if (!navigator.onLine) {
        decideHere();
        return;
      }
      setShown(
        known && admission
          ? {
              kind: 'answer',
              result: 'already_checked_in',
              source: 'device',
              name,
              attendeeShortId: known.shortId,
              ticketTitle: known.ticketTitle,
              orderReference: known.orderReference,
              admission,
            }
          : { kind: 'checking' },
      );
      try {
        const answer = await transport.scan(request);
        remember(answer);
        if (ticket === scanning.current) setShown(fromAnswer(answer, memory, request));
        vibrate(answer.result);
      } catch (error) {
        // A device answer (a known duplicate) stands without the server.
        if (ticket !== scanning.current || (known && admission)) return;
        // No answer at all (the network, not a refusal): the device decides and queues the scan.
        if (unreachable(error)) decideHere();
        else setShown({ kind: 'failed' });
      }
    },
    [memory, keys, eventId, list, transport, device, gate, changed, queue, remember, lookUpOrder],
  );

  /** The scan of a person picked from a search or an order's tickets. */
  const requestFor = (attendee: DoorAttendee): ScanRequest => ({
    attendee_short_id: attendee.shortId,
    nonce: `${device}-${randomToken(8)}`,
    device_id: device,
    gate: gate.trim() || null,
  });

  const changeGate = useCallback((value: string) => {
    const kept = value.slice(0, 60);
    setGate(kept);
    writeStorage(StorageKeys.checkInGate, kept);
  }, []);

  return {
    snapshot,
    memory,
    online,
    connected,
    revoked,
    pending,
    shown,
    lookup,
    gate,
    changeGate,
    device,
    listName,
    submit,
    admitAsPaid,
    requestFor,
    undo: undoFor(shown, transport, device, memory, changed, setShown),
  };
}

function fromAnswer(answer: ScanAnswer, memory: ScanMemory, request?: ScanRequest): Shown {
  const known = answer.attendee ? memory.attendeeByShortId(answer.attendee.short_id) : undefined;
  return {
    kind: 'answer',
    ...(request ? { request } : {}),
    result: answer.result,
    source: 'server',
    name: answer.attendee ? `${answer.attendee.first_name} ${answer.attendee.last_name}`.trim() : null,
    attendeeShortId: answer.attendee?.short_id ?? null,
    ticketTitle: known?.ticketTitle ?? null,
    orderReference: known?.orderReference ?? null,
    admission: answer.check_in
      ? {
          checkInId: answer.check_in.id,
          at: answer.check_in.checked_in_at,
          deviceId: answer.check_in.device_id,
          gate: answer.check_in.gate,
          listName: answer.check_in.check_in_list_name,
        }
      : null,
  };
}

function vibrate(result: ScanResult): void {
  try {
    navigator.vibrate?.(result === 'admitted' ? 80 : [120, 60, 120]);
  } catch {
    // Optional: not every device vibrates.
  }
}

function undoFor(
  shown: Shown,
  transport: ReturnType<typeof onlineTransport>,
  device: string,
  memory: ScanMemory,
  changed: () => void,
  setShown: (shown: Shown) => void,
): (() => Promise<void>) | null {
  if (shown.kind !== 'answer' || shown.result !== 'admitted' || shown.source !== 'server' || !shown.admission)
    return null;
  const { checkInId } = shown.admission;
  const attendeeShortId = shown.attendeeShortId;
  return async () => {
    await transport.checkOut(checkInId, device);
    const known = attendeeShortId ? memory.attendeeByShortId(attendeeShortId) : undefined;
    if (known) memory.checkOut(known.id);
    changed();
    setShown({ kind: 'idle' });
  };
}

import { Button, Callout, FormGroup, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useParams } from 'react-router';
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
import { reasonMessage } from '../../../shared/api/reasonMessages';
import { readStorage, StorageKeys, writeStorage } from '../../../shared/storage';
import { PageTitle } from '../../../shared/ui/PageTitle';
import {
  admissionPlace,
  classifyScan,
  ScanMemory,
  type KnownAdmission,
  type KnownAttendee,
} from './scanMemory';
import {
  getSnapshot,
  onlineTransport,
  searchAttendees,
  type FoundAttendee,
  type ScanAnswer,
  type ScanRequest,
  type ScanResult,
} from './scannerApi';
import { CameraScanner } from './CameraScanner';
import {
  cachedPushes,
  cacheSnapshot,
  cachedSnapshot,
  decideOffline,
  keepPush,
  OfflineQueue,
} from './offline';
import { useInstallableScanner } from './installable';
import { scannerMessages as m } from './messages';
import './scanner.css';

type Shown =
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
interface DoorAttendee {
  id: string;
  shortId: string;
  name: string;
  ticketTitle: string | null;
  orderReference: string | null;
  email: string | null;
  status: 'ACTIVE' | 'CANCELLED';
  payment: 'PAID' | 'UNPAID' | 'PENDING';
}

const fromFound = (attendee: FoundAttendee): DoorAttendee => ({
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

const tone = (result: ScanResult) =>
  result === 'admitted' ? 'admitted' : result === 'already_checked_in' ? 'duplicate' : 'refused';

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
 * `/check-in/{checkInListShortId}`: the door staff's scanner, on their own phones, no login (the link is the
 * credential). Scans come from the camera, a hardware scanner typing into the code field, or a search. The
 * device keeps who is admitted (snapshot + the list room's pushes), so a ticket admitted at another door is
 * answered as a duplicate at once; the server decides every scan finally.
 */
export function ScannerPage() {
  const intl = useIntl();
  const shortId = useParams().checkInListShortId ?? '';
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

  if (revoked || (snapshot.isError && isApiError(snapshot.error) && snapshot.error.status < 500)) {
    const reason = isApiError(snapshot.error) ? snapshot.error.reason : 'check_in_link_revoked';
    return (
      <main className="scanner-page scanner-page--message">
        <PageTitle parts={[m.pageTitle]} />
        <NonIdealState
          icon="disable"
          title={intl.formatMessage(messageOf(revoked ? 'check_in_link_revoked' : reason, m.loadFailed))}
        />
      </main>
    );
  }
  if (!snapshot.data) {
    return (
      <main className="scanner-page scanner-page--message">
        <PageTitle parts={[m.pageTitle]} />
        {snapshot.isError ? (
          <NonIdealState
            icon="error"
            title={intl.formatMessage(m.loadFailed)}
            action={<Button text={intl.formatMessage(m.retry)} onClick={() => void snapshot.refetch()} />}
          />
        ) : (
          <NonIdealState icon={<Spinner />} title={intl.formatMessage(m.loading)} />
        )}
      </main>
    );
  }
  const { event } = snapshot.data;
  const shownList = snapshot.data.list;
  const payAtDoor =
    online && event.allows_paying_at_check_in
      ? (attendee: DoorAttendee) => void admitAsPaid(requestFor(attendee))
      : null;
  return (
    <main className="scanner-page">
      <PageTitle parts={[m.pageTitle, shownList.name, event.title]} />
      <header className="scanner-header">
        <div className="scanner-header__titles">
          <h1 className="scanner-header__list">{shownList.name}</h1>
          <p className="scanner-header__event">{event.title}</p>
        </div>
        <div className="scanner-header__status">
          <span className="scanner-header__count" data-testid="scanner-count">
            {intl.formatMessage(m.counts, {
              checkedIn: memory.admittedCount,
              total: shownList.total_attendees,
            })}
          </span>
          <Tag
            minimal
            round
            intent={!online ? 'warning' : connected ? 'success' : 'none'}
            data-testid="scanner-connection"
          >
            {intl.formatMessage(!online ? m.offlineTag : connected ? m.live : m.connecting)}
          </Tag>
        </div>
      </header>
      {!online ? (
        <Callout
          intent="warning"
          icon="offline"
          title={intl.formatMessage(m.offline)}
          className="scanner-offline"
        >
          {intl.formatMessage(m.offlineHelp)}
        </Callout>
      ) : null}
      {pending > 0 ? (
        <p className="scanner-pending" data-testid="scanner-pending">
          {intl.formatMessage(m.pending, { count: pending })}
        </p>
      ) : null}
      {shownList.description ? <p className="scanner-description">{shownList.description}</p> : null}
      {shownList.status !== 'ACTIVE' ? (
        <Callout intent="warning" className="scanner-window">
          {intl.formatMessage(shownList.status === 'EXPIRED' ? m.expired : m.notYetActive)}
        </Callout>
      ) : null}
      <ResultPanel
        shown={shown}
        listName={listName}
        device={device}
        onUndo={undoFor(shown, transport, device, memory, changed, setShown)}
        onAdmitAsPaid={
          online &&
          event.allows_paying_at_check_in &&
          shown.kind === 'answer' &&
          shown.result === 'attendee_unpaid' &&
          shown.request
            ? () => void admitAsPaid(shown.request!)
            : null
        }
      />
      {lookup ? (
        <section
          className="scanner-order"
          aria-label={intl.formatMessage(m.orderTicketsLabel, { reference: lookup.reference })}
        >
          <AttendeeRows
            attendees={lookup.attendees}
            memory={memory}
            onCheckIn={(attendee) => void submit(attendee.shortId, 'lookup')}
            onPayAndCheckIn={payAtDoor}
          />
        </section>
      ) : null}
      <CodeField onSubmit={(text) => void submit(text)} />
      <CameraScanner onCode={(code) => void submit(code)} />
      <AttendeeSearch
        shortId={shortId}
        memory={memory}
        onCheckIn={(attendee) => void submit(attendee.shortId, 'lookup')}
        onPayAndCheckIn={payAtDoor}
      />
      <FormGroup label={intl.formatMessage(m.gate)} labelFor="scanner-gate" className="scanner-gate">
        <InputGroup
          id="scanner-gate"
          value={gate}
          placeholder={intl.formatMessage(m.gatePlaceholder)}
          onChange={(changedGate) => {
            const value = changedGate.currentTarget.value.slice(0, 60);
            setGate(value);
            writeStorage(StorageKeys.checkInGate, value);
          }}
        />
      </FormGroup>
    </main>
  );
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

/** The message of a reason code, or `fallback` for a code the web does not know. */
function messageOf(reason: string, fallback: MessageDescriptor): MessageDescriptor {
  return reasonMessage(reason) ?? fallback;
}

function ResultPanel({
  shown,
  listName,
  device,
  onUndo,
  onAdmitAsPaid,
}: {
  shown: Shown;
  listName: string;
  /** This device's id: an earlier admission made here is "on this device". */
  device: string;
  onUndo: (() => Promise<void>) | null;
  /** Offered for an unpaid attendee where the event lets the door take the payment. */
  onAdmitAsPaid: (() => void) | null;
}) {
  const intl = useIntl();
  const [undoFailed, setUndoFailed] = useState(false);
  let className = 'scanner-result';
  let title = intl.formatMessage(m.waiting);
  let detail: string | null = null;
  if (shown.kind === 'checking') title = intl.formatMessage(m.checking);
  if (shown.kind === 'failed') {
    className += ' scanner-result--refused';
    title = intl.formatMessage(m.failed);
  }
  if (shown.kind === 'order') {
    if (shown.count === 0) className += ' scanner-result--refused';
    title = intl.formatMessage(m.orderOf, { reference: shown.reference });
    detail =
      shown.count === 0
        ? intl.formatMessage(m.orderNotFound, { reference: shown.reference })
        : intl.formatMessage(m.orderTickets, { count: shown.count });
  }
  if (shown.kind === 'answer') {
    className += ` scanner-result--${tone(shown.result)}`;
    title =
      shown.result === 'admitted'
        ? intl.formatMessage(m.admitted)
        : shown.result === 'already_checked_in'
          ? intl.formatMessage(m.duplicate)
          : intl.formatMessage(messageOf(shown.result, m.refused));
    if (shown.result === 'already_checked_in' && shown.admission) {
      const time = intl.formatTime(shown.admission.at, { hour: '2-digit', minute: '2-digit' });
      const list = shown.admission.listName ?? listName;
      const place = admissionPlace(shown.admission, device);
      detail =
        'gate' in place
          ? intl.formatMessage(m.duplicateAtGate, { time, gate: place.gate, list })
          : intl.formatMessage(
              place.device === 'this' ? m.duplicateOnThisDevice : m.duplicateOnAnotherDevice,
              {
                time,
                list,
              },
            );
    }
  }
  return (
    <section
      className={className}
      role="status"
      aria-live="assertive"
      data-testid="scanner-result"
      data-result={shown.kind === 'answer' ? shown.result : shown.kind}
      data-count={shown.kind === 'order' ? shown.count : undefined}
      data-source={shown.kind === 'answer' ? shown.source : undefined}
    >
      <p className="scanner-result__title">{title}</p>
      {shown.kind === 'answer' && shown.name ? <p className="scanner-result__name">{shown.name}</p> : null}
      {shown.kind === 'answer' && (shown.ticketTitle || shown.orderReference) ? (
        <p className="scanner-result__detail scanner-facts">
          {shown.ticketTitle ? <span>{shown.ticketTitle}</span> : null}
          {shown.orderReference ? (
            <span>{intl.formatMessage(m.orderOf, { reference: shown.orderReference })}</span>
          ) : null}
        </p>
      ) : null}
      {detail ? <p className="scanner-result__detail">{detail}</p> : null}
      {onUndo ? (
        <Button
          className="scanner-result__undo"
          icon="undo"
          text={intl.formatMessage(m.undo)}
          onClick={() => {
            setUndoFailed(false);
            onUndo().catch(() => setUndoFailed(true));
          }}
        />
      ) : null}
      {onAdmitAsPaid ? (
        <Button
          className="scanner-result__undo"
          intent="primary"
          icon="dollar"
          text={intl.formatMessage(m.admitAsPaid)}
          onClick={onAdmitAsPaid}
        />
      ) : null}
      {undoFailed ? <p className="scanner-result__detail">{intl.formatMessage(m.undoFailed)}</p> : null}
    </section>
  );
}

/** A hardware scanner types the code and presses Enter; door staff may type a reference too. */
function CodeField({ onSubmit }: { onSubmit: (text: string) => void }) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(text);
    setText('');
  };
  return (
    <form className="scanner-code" onSubmit={submit}>
      <FormGroup
        label={intl.formatMessage(m.codeField)}
        labelFor="scanner-code"
        helperText={intl.formatMessage(m.codeHelp)}
      >
        <div className="scanner-code__row">
          <InputGroup
            id="scanner-code"
            autoFocus
            autoComplete="off"
            inputMode="text"
            value={text}
            onChange={(changed) => setText(changed.currentTarget.value)}
          />
          <Button type="submit" intent="primary" text={intl.formatMessage(m.check)} />
        </div>
      </FormGroup>
    </form>
  );
}

function AttendeeSearch({
  shortId,
  memory,
  onCheckIn,
  onPayAndCheckIn,
}: {
  shortId: string;
  memory: ScanMemory;
  onCheckIn: (attendee: DoorAttendee) => void;
  onPayAndCheckIn: ((attendee: DoorAttendee) => void) | null;
}) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const found = useQuery({
    queryKey: ['checkInScanner', shortId, 'search', query],
    queryFn: ({ signal }) => searchAttendees(shortId, { query: query ?? '' }, signal),
    enabled: query !== null,
  });
  return (
    <section className="scanner-search" aria-label={intl.formatMessage(m.search)}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(text.trim());
        }}
      >
        <FormGroup label={intl.formatMessage(m.search)} labelFor="scanner-search">
          <div className="scanner-code__row">
            <InputGroup
              id="scanner-search"
              type="search"
              value={text}
              onChange={(changed) => setText(changed.currentTarget.value)}
            />
            <Button type="submit" icon="search" text={intl.formatMessage(m.searchButton)} />
          </div>
        </FormGroup>
      </form>
      {found.data && found.data.length === 0 ? <p>{intl.formatMessage(m.noMatches)}</p> : null}
      {found.data && found.data.length > 0 ? (
        <AttendeeRows
          attendees={found.data.map(fromFound)}
          memory={memory}
          onCheckIn={onCheckIn}
          onPayAndCheckIn={onPayAndCheckIn}
        />
      ) : null}
    </section>
  );
}

/**
 * People to pick at the door (a search, an order's tickets): each with their ticket and order, so namesakes
 * are told apart, and a check-in only for a ticket that admits them. An unpaid ticket is marked as such; where
 * the event lets the door take the payment, it offers that instead.
 */
function AttendeeRows({
  attendees,
  memory,
  onCheckIn,
  onPayAndCheckIn,
}: {
  attendees: readonly DoorAttendee[];
  memory: ScanMemory;
  onCheckIn: (attendee: DoorAttendee) => void;
  onPayAndCheckIn: ((attendee: DoorAttendee) => void) | null;
}) {
  const intl = useIntl();
  return (
    <ul className="scanner-search__results">
      {attendees.map((attendee) => {
        const { name } = attendee;
        const admitted = Boolean(memory.admissionOf(attendee.id));
        return (
          <li
            key={attendee.id}
            className="scanner-search__row"
            data-testid="scanner-person"
            data-payment={attendee.payment}
          >
            <div className="scanner-search__who">
              <strong>{name}</strong>
              <span className="scanner-facts">
                {attendee.ticketTitle ? <span>{attendee.ticketTitle}</span> : null}
                {attendee.orderReference ? (
                  <span>{intl.formatMessage(m.orderOf, { reference: attendee.orderReference })}</span>
                ) : null}
              </span>
              {attendee.email ? <span className="scanner-search__email">{attendee.email}</span> : null}
            </div>
            <div className="scanner-search__action">
              {admitted ? (
                <Tag intent="warning" minimal>
                  {intl.formatMessage(m.checkedInTag)}
                </Tag>
              ) : attendee.status === 'CANCELLED' ? (
                <Tag intent="danger" minimal>
                  {intl.formatMessage(m.cancelledTag)}
                </Tag>
              ) : attendee.payment !== 'PAID' ? (
                <>
                  <Tag intent="warning" minimal>
                    {intl.formatMessage(m.unpaidTag)}
                  </Tag>
                  {onPayAndCheckIn ? (
                    <Button
                      intent="primary"
                      icon="dollar"
                      text={intl.formatMessage(m.payAndCheckInButton, { name })}
                      onClick={() => onPayAndCheckIn(attendee)}
                    />
                  ) : null}
                </>
              ) : (
                <Button
                  intent="success"
                  icon="tick"
                  text={intl.formatMessage(m.checkInButton, { name })}
                  onClick={() => onCheckIn(attendee)}
                />
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export default ScannerPage;

import { Button, Callout, FormGroup, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useParams } from 'react-router';
import { isApiError } from '../../../shared/api/ApiError';
import { reasonMessage } from '../../../shared/api/reasonMessages';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { admissionPlace, type ScanMemory } from './scanMemory';
import { searchAttendees, type ScanResult } from './scannerApi';
import { CameraScanner } from './CameraScanner';
import { fromFound, useScanner, type DoorAttendee, type Shown } from './useScanner';
import { scannerMessages as m } from './messages';
import './scanner.css';

const tone = (result: ScanResult) =>
  result === 'admitted' ? 'admitted' : result === 'already_checked_in' ? 'duplicate' : 'refused';

/**
 * `/check-in/{checkInListShortId}`: the door staff's scanner, on their own phones, no login (the link is the
 * credential). Scans come from the camera, a hardware scanner typing into the code field, or a search. The
 * device keeps who is admitted (snapshot + the list room's pushes), so a ticket admitted at another door is
 * answered as a duplicate at once; the server decides every scan finally.
 */
export function ScannerPage() {
  const intl = useIntl();
  const shortId = useParams().checkInListShortId ?? '';
  const {
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
    undo,
  } = useScanner(shortId);

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
        onUndo={undo}
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
          onChange={(changedGate) => changeGate(changedGate.currentTarget.value)}
        />
      </FormGroup>
    </main>
  );
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

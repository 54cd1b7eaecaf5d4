import { Button, Callout, Drawer, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { languageName } from '../auth/LanguageOptions';
import { ComposeDialog } from '../messages/ComposeDialog';
import { matchLocale } from '../../shared/intl/locale';
import type { RecipientCandidate } from '../messages/api';
import type { Attendee, AttendeeAction } from './api';
import { attendeeDrawerMessages as a, attendeesMessages as m } from './messages';
import { AnsweredQuestions } from './OrderHistory';
import { ToneTag } from './OrderStatusTag';
import { orderQueries } from './queries';
import { personEmail, personName } from './erasedPeople';

const languageOf = (locale: string) => {
  const known = matchLocale(locale);
  return known ? languageName(known) : locale;
};

export const attendeeName = (attendee: Pick<Attendee, 'first_name' | 'last_name'>) =>
  [attendee.first_name, attendee.last_name].filter(Boolean).join(' ');

/** An attendee's status as the list shows it: active and paid, unpaid (offline), or cancelled. */
export function AttendeeStatusTag({ attendee }: { attendee: Attendee }) {
  const intl = useIntl();
  const active = attendee.status === 'ACTIVE';
  return (
    <ToneTag tone={active ? (attendee.payment === 'PAID' ? 'teal' : 'orange') : 'red'}>
      {intl.formatMessage(active ? (attendee.payment === 'PAID' ? m.active : m.unpaid) : m.cancelled)}
    </ToneTag>
  );
}

/**
 * One attendee in a drawer (a row of the attendees list opens it): their details, answers and order, the list's
 * actions, and "Message this attendee" (the composer, addressed to them).
 */
export function AttendeeDrawer({
  eventId,
  attendeeId,
  onClose,
  onEdit,
  onCancel,
  onAction,
  pending,
}: {
  eventId: string;
  attendeeId: string | null;
  onClose: () => void;
  onEdit: (attendee: Attendee) => void;
  onCancel: (attendee: Attendee) => void;
  onAction: (attendee: Attendee, action: AttendeeAction) => void;
  pending: boolean;
}) {
  const intl = useIntl();
  const detail = useQuery({
    ...orderQueries.attendee(eventId, attendeeId ?? ''),
    enabled: attendeeId !== null,
  });
  const attendee = detail.data;
  const [writingTo, setWritingTo] = useState<RecipientCandidate | null>(null);
  return (
    <Drawer
      isOpen={attendeeId !== null}
      onClose={onClose}
      size="min(560px, 100%)"
      title={attendee ? personName(intl, attendee) : intl.formatMessage(a.loading)}
      icon="person"
      className="order-drawer attendee-drawer"
    >
      <div className="order-drawer__body">
        {detail.isPending ? <Spinner size={24} aria-label={intl.formatMessage(a.loading)} /> : null}
        {detail.isError ? <Callout intent="danger">{intl.formatMessage(a.loadFailed)}</Callout> : null}
        {attendee ? (
          <>
            <AttendeeActions
              attendee={attendee}
              onEdit={onEdit}
              onCancel={onCancel}
              onAction={onAction}
              onMessage={() =>
                setWritingTo({
                  kind: 'attendee',
                  id: attendee.id,
                  name: attendeeName(attendee),
                  email: attendee.email,
                  reference: attendee.order_reference ?? '',
                  ticket_title: attendee.ticket_title,
                })
              }
              pending={pending}
            />
            <dl className="order-drawer__facts">
              <dt>{intl.formatMessage(m.columnEmail)}</dt>
              <dd>{personEmail(attendee)}</dd>
              <dt>{intl.formatMessage(m.columnTicket)}</dt>
              <dd>{attendee.ticket_title}</dd>
              <dt>{intl.formatMessage(m.columnOrder)}</dt>
              <dd>
                {attendee.order_reference ? (
                  <Link
                    to={`/manage/event/${encodeURIComponent(eventId)}/orders?query=${encodeURIComponent(attendee.order_reference)}`}
                  >
                    {attendee.order_reference}
                  </Link>
                ) : null}
              </dd>
              <dt>{intl.formatMessage(m.columnStatus)}</dt>
              <dd>
                <AttendeeStatusTag attendee={attendee} />
              </dd>
              <dt>{intl.formatMessage(m.columnCheckIn)}</dt>
              <dd>
                {attendee.checked_in_at
                  ? intl.formatMessage(a.checkedInAt, {
                      when: intl.formatDate(attendee.checked_in_at, {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      }),
                    })
                  : intl.formatMessage(m.notCheckedIn)}
              </dd>
              <dt>{intl.formatMessage(a.language)}</dt>
              <dd>{languageOf(attendee.locale)}</dd>
            </dl>
            {attendee.answered_questions.length > 0 ? (
              <>
                <h3>{intl.formatMessage(a.answers)}</h3>
                <AnsweredQuestions answers={attendee.answered_questions} />
              </>
            ) : null}
          </>
        ) : null}
      </div>
      <ComposeDialog
        eventId={eventId}
        isOpen={writingTo !== null}
        onClose={() => setWritingTo(null)}
        recipient={writingTo ?? undefined}
      />
    </Drawer>
  );
}

function AttendeeActions({
  attendee,
  onEdit,
  onCancel,
  onAction,
  onMessage,
  pending,
}: {
  attendee: Attendee;
  onEdit: (attendee: Attendee) => void;
  onCancel: (attendee: Attendee) => void;
  onAction: (attendee: Attendee, action: AttendeeAction) => void;
  onMessage: () => void;
  pending: boolean;
}) {
  const intl = useIntl();
  const active = attendee.status === 'ACTIVE';
  // Whom a message reaches (docs/messages.md): an active attendee whose ticket is issued.
  const reachable = active && attendee.payment !== 'PENDING' && Boolean(personEmail(attendee));
  return (
    <div className="order-drawer__actions">
      {reachable ? (
        <Button intent="primary" icon="chat" text={intl.formatMessage(a.message)} onClick={onMessage} />
      ) : null}
      <Button icon="edit" text={intl.formatMessage(a.edit)} onClick={() => onEdit(attendee)} />
      {active ? (
        <Button
          icon="envelope"
          text={intl.formatMessage(a.resend)}
          disabled={pending}
          onClick={() => onAction(attendee, 'resend-ticket')}
        />
      ) : (
        <Button
          icon="undo"
          text={intl.formatMessage(a.reactivate)}
          disabled={pending}
          onClick={() => onAction(attendee, 'reactivate')}
        />
      )}
      {active ? (
        <Button
          intent="danger"
          icon="cross"
          text={intl.formatMessage(m.confirmButton)}
          disabled={pending}
          onClick={() => onCancel(attendee)}
        />
      ) : null}
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useCountdown } from '../../shared/intl/countdown';
import { clockText, spokenStep, warningLeadMs } from './countdownSteps';
import { refusalText } from './refusal';
import { checkoutMessages as m } from './messages';

/**
 * The reservation's countdown (WCAG 2.2.1 Timing Adjustable): a visible clock, and from the start the latest a
 * reservation may last (`reservationEndsAt`: it cannot be held for ever, docs/orders.md); a polite live region
 * that speaks only at a few steps; before the end a modal dialog that offers more time (`POST …/extend`) until
 * that latest time, and says so when there is no more to give; at the end `onExpired`.
 */
export function ReservationCountdown({
  expiresAt,
  createdAt,
  reservationEndsAt,
  onExtend,
  onExpired,
}: {
  expiresAt: string;
  createdAt: string;
  /** The latest the reservation can be extended to; null: not known (it is no longer open). */
  reservationEndsAt: string | null;
  onExtend: () => Promise<unknown>;
  onExpired: () => void;
}) {
  const intl = useIntl();
  const countdown = useCountdown(expiresAt);
  const dialog = useRef<HTMLDialogElement>(null);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [extending, setExtending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [extended, setExtended] = useState(false);
  const lead = warningLeadMs(Math.max(0, Date.parse(expiresAt) - Date.parse(createdAt)));
  const canExtend = reservationEndsAt !== null && Date.parse(reservationEndsAt) > Date.parse(expiresAt);
  const timeOf = (at: string) => intl.formatTime(at, { hour: 'numeric', minute: '2-digit' });
  const warn = !countdown.expired && countdown.remainingMs <= lead && dismissedFor !== expiresAt;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (warn && !element.open) element.showModal();
    if (!warn && element.open) element.close();
  }, [warn]);

  useEffect(() => {
    if (countdown.expired) onExpired();
  }, [countdown.expired, onExpired]);

  const step = spokenStep(countdown.remainingMs);
  const spoken = intl.formatMessage(m.countdownSpoken, {
    relative: intl.formatRelativeTime(step.value, step.unit),
  });

  const extend = async () => {
    setExtending(true);
    setFailure(null);
    try {
      await onExtend();
      setExtended(true);
    } catch (error) {
      setFailure(refusalText(intl, error, m.loadFailed));
    } finally {
      setExtending(false);
    }
  };

  return (
    <div className="checkout-countdown">
      <p className="checkout-countdown__clock" role="timer" aria-live="off">
        {intl.formatMessage(m.countdown, { time: clockText(countdown.remainingMs) })}
      </p>
      {reservationEndsAt !== null ? (
        <p className="checkout-countdown__limit">
          {canExtend
            ? intl.formatMessage(m.countdownExtendable, { time: timeOf(reservationEndsAt) })
            : intl.formatMessage(m.countdownFinal)}
        </p>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {countdown.expired ? '' : extended ? `${intl.formatMessage(m.extended)} ${spoken}` : spoken}
      </p>
      <dialog
        ref={dialog}
        className="checkout-dialog"
        aria-labelledby="checkout-warning-title"
        aria-describedby="checkout-warning-body"
        onCancel={() => setDismissedFor(expiresAt)}
      >
        <h2 id="checkout-warning-title" className="checkout-dialog__title">
          {intl.formatMessage(m.warningTitle)}
        </h2>
        <p id="checkout-warning-body">
          {intl.formatMessage(canExtend ? m.warningBody : m.warningFinalBody, {
            time: intl.formatTime(expiresAt, { hour: 'numeric', minute: '2-digit', second: '2-digit' }),
          })}
        </p>
        <p className="checkout-dialog__clock" aria-hidden="true">
          {clockText(countdown.remainingMs)}
        </p>
        {failure ? (
          <p className="checkout-error" role="alert">
            {failure}
          </p>
        ) : null}
        {canExtend ? (
          <div className="checkout-dialog__actions">
            <button
              type="button"
              className="checkout-button"
              disabled={extending}
              onClick={() => void extend()}
              autoFocus
            >
              {intl.formatMessage(extending ? m.extending : m.extend)}
            </button>
            <button
              type="button"
              className="checkout-button-secondary"
              onClick={() => setDismissedFor(expiresAt)}
            >
              {intl.formatMessage(m.dismiss)}
            </button>
          </div>
        ) : (
          <div className="checkout-dialog__actions">
            <button
              type="button"
              className="checkout-button"
              onClick={() => setDismissedFor(expiresAt)}
              autoFocus
            >
              {intl.formatMessage(m.finalDismiss)}
            </button>
          </div>
        )}
      </dialog>
    </div>
  );
}

import { useId, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { publicApi } from '../../shared/api/clients';
import { isApiError } from '../../shared/api/ApiError';
import { reasonMessage } from '../../shared/api/reasonMessages';
import { useLocale } from '../../shared/intl/LocaleProvider';
import { waitingListJoinMessages as m } from './messages';
import type { PublicTicket } from './ticketSelection';

type Answer = { kind: 'joined' } | { kind: 'refused'; text: string; fields: Record<string, string[]> };

/**
 * "Join the waiting list" under a sold-out ticket whose list the organizer switched on. It sits inside the
 * ticket selector's form, so it is a group of fields with its own button, not a form of its own.
 */
export function WaitingListJoin({
  eventId,
  ticket,
  tierId,
}: {
  eventId: string;
  ticket: PublicTicket;
  tierId: string | null;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const most = Math.max(1, ticket.max_per_order ?? 10);
  const choices = Array.from({ length: most }, (_, index) => index + 1);

  const join = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await publicApi.call('POST /public/events/{eventId}/tickets/{ticketId}/waiting-list', {
        params: { eventId, ticketId: ticket.id },
        body: { name, email, quantity, tier_id: tierId, locale },
      });
      setAnswer({ kind: 'joined' });
    } catch (error) {
      const known = isApiError(error) ? reasonMessage(error.reason) : undefined;
      setAnswer({
        kind: 'refused',
        text: known ? intl.formatMessage(known) : intl.formatMessage(m.failed),
        fields: isApiError(error) ? error.errors : {},
      });
    } finally {
      setBusy(false);
    }
  };
  const submitOnEnter = (key: KeyboardEvent<HTMLElement>) => {
    if (key.key !== 'Enter') return;
    key.preventDefault();
    void join();
  };

  if (answer?.kind === 'joined')
    return (
      <p className="public-notice public-notice--success waiting-join__done" role="status">
        {intl.formatMessage(m.joined, { email })}
      </p>
    );
  if (!open)
    return (
      <button
        type="button"
        className="public-button-secondary waiting-join__open"
        onClick={() => setOpen(true)}
      >
        {intl.formatMessage(m.open)}
      </button>
    );

  const fieldError = (field: string) =>
    answer?.kind === 'refused' && (answer.fields[field]?.length ?? 0) > 0
      ? `${id}-${field}-error`
      : undefined;
  const field = (name: 'name' | 'email', label: string, value: string, set: (value: string) => void) => (
    <div className="waiting-join__field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        className="public-input"
        type={name === 'email' ? 'email' : 'text'}
        autoComplete={name}
        value={value}
        aria-invalid={fieldError(name) ? true : undefined}
        aria-describedby={fieldError(name)}
        onChange={(changed) => set(changed.currentTarget.value)}
        onKeyDown={submitOnEnter}
      />
      {fieldError(name) ? (
        <span className="public-notice public-notice--danger ticket-option__error" id={fieldError(name)}>
          {intl.formatMessage(name === 'email' ? m.emailInvalid : m.nameInvalid)}
        </span>
      ) : null}
    </div>
  );

  return (
    <fieldset className="waiting-join">
      <legend>{intl.formatMessage(m.legend, { title: ticket.title })}</legend>
      <p className="waiting-join__hint">{intl.formatMessage(m.hint)}</p>
      {field('name', intl.formatMessage(m.name), name, setName)}
      {field('email', intl.formatMessage(m.email), email, setEmail)}
      <div className="waiting-join__field">
        <label htmlFor={`${id}-quantity`}>{intl.formatMessage(m.quantity)}</label>
        <select
          id={`${id}-quantity`}
          className="public-select"
          value={quantity}
          onChange={(changed) => setQuantity(Number(changed.currentTarget.value))}
        >
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      </div>
      <div role="status">
        {answer?.kind === 'refused' ? (
          <p className="public-notice public-notice--danger ticket-option__error">{answer.text}</p>
        ) : null}
      </div>
      <button
        type="button"
        className="event-home__button"
        aria-disabled={busy || undefined}
        onClick={() => void join()}
      >
        {busy ? intl.formatMessage(m.joining) : intl.formatMessage(m.submit)}
      </button>
    </fieldset>
  );
}

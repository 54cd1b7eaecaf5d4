import { Button, Icon, InputGroup, Spinner } from '@blueprintjs/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import type { FieldView } from '../../shared/forms/useForm';
import { useDebouncedValue } from '../../shared/useDebouncedValue';
import type { PersonKind, RecipientCandidate } from './api';
import { recipientPickerMessages as m } from './messages';
import { messageQueries } from './queries';

const SEARCH_DELAY_MS = 250;

/** "Ann Lee · ann@example.test · Order HMBC8831 · Standing": what tells two people apart. */
export function useCandidateDetails() {
  const intl = useIntl();
  return (candidate: RecipientCandidate) =>
    [candidate.email, intl.formatMessage(m.order, { reference: candidate.reference }), candidate.ticket_title]
      .filter(Boolean)
      .join(' · ');
}

/**
 * Picks one attendee or one order's buyer by name, email or order reference (a combobox over the recipient
 * search, as you type): the organizer never needs an id. `chosen` is shown instead of the search until changed.
 */
export function RecipientPicker({
  eventId,
  kind,
  view,
  chosen,
  onChoose,
}: {
  eventId: string;
  kind: PersonKind;
  view: FieldView;
  chosen: RecipientCandidate | null;
  onChoose: (candidate: RecipientCandidate | null) => void;
}) {
  const intl = useIntl();
  const details = useCandidateDetails();
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const statusId = useId();
  const query = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  const results = useQuery({
    ...messageQueries.recipientSearch(eventId, kind, query),
    enabled: chosen === null,
    placeholderData: keepPreviousData,
  });
  const candidates = results.data ?? [];
  const searching = typed.trim() !== query || results.isFetching;
  const optionId = (index: number) => `${listId}-option-${index}`;

  if (chosen) {
    return (
      <div className="recipient-chosen" id={view.controlProps.id} tabIndex={-1}>
        <Icon icon={kind === 'attendee' ? 'person' : 'shopping-cart'} aria-hidden />
        <div className="recipient-chosen__text">
          <strong>{chosen.name}</strong>
          <span>{details(chosen)}</span>
        </div>
        <Button
          variant="outlined"
          text={intl.formatMessage(m.change)}
          aria-label={intl.formatMessage(m.changeLabel, { name: chosen.name })}
          onClick={() => {
            onChoose(null);
            // The search comes back in place of the card: give it the focus the button had.
            requestAnimationFrame(() => input.current?.focus());
          }}
        />
      </div>
    );
  }

  const choose = (candidate: RecipientCandidate | undefined) => {
    if (candidate) onChoose(candidate);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (candidates.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + candidates.length) % candidates.length);
    } else if (event.key === 'Enter') {
      // Enter picks the highlighted person; it never submits the message half-addressed.
      event.preventDefault();
      choose(candidates[active]);
    }
  };
  const status = searching
    ? intl.formatMessage(m.searching)
    : results.isError
      ? intl.formatMessage(m.failed)
      : candidates.length === 0
        ? intl.formatMessage(query ? m.noneFound : m.noneYet)
        : intl.formatMessage(m.found, { count: candidates.length });

  return (
    <div className="recipient-picker">
      <InputGroup
        {...view.inputProps}
        inputRef={input}
        type="search"
        leftIcon="search"
        role="combobox"
        aria-expanded={candidates.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={candidates[active] ? optionId(active) : undefined}
        aria-describedby={[view.inputProps['aria-describedby'], statusId].filter(Boolean).join(' ')}
        placeholder={intl.formatMessage(m.placeholder)}
        autoComplete="off"
        value={typed}
        onChange={(changed) => {
          setTyped(changed.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        rightElement={searching ? <Spinner size={16} className="recipient-picker__spinner" /> : undefined}
      />
      <p id={statusId} className="recipient-picker__status" role="status" aria-live="polite">
        {status}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label={intl.formatMessage(m.results)}
        aria-busy={searching}
        className={`recipient-picker__list${searching ? ' recipient-picker__list--stale' : ''}`}
        hidden={candidates.length === 0}
      >
        {candidates.map((candidate, index) => (
          <li
            key={candidate.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="recipient-picker__option"
            // The input keeps the focus: the options are reached with the arrow keys.
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => setActive(index)}
            onClick={() => choose(candidate)}
          >
            <strong>{candidate.name}</strong>
            <span>{details(candidate)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

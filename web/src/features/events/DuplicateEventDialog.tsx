import { Checkbox, FormGroup, InputGroup } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useNavigate } from 'react-router';
import type { Event } from '../../shared/api/types';
import { dateTimeLocalToUtcIso, utcToDateTimeLocal } from '../../shared/time/zonedTime';
import { useToaster } from '../../shared/ui/toaster';
import { DialogForm, FormDialog } from '../../shared/forms/FormDialog';
import { formErrors } from '../../shared/forms/formErrors';
import { duplicateEvent } from './api';
import { createEventMessages as c, manageEventMessages as m } from './messages';
import { eventQueries } from './queries';
import type { DuplicateOptions } from './types';
import '../../shared/ui/manage.css';

const FIELDS = ['title', 'start_date', 'end_date'] as const;

const OPTIONS: Array<[keyof DuplicateOptions, MessageDescriptor]> = [
  ['settings', m.copySettings],
  ['images', m.copyImages],
  ['tickets', m.copyTickets],
  ['questions', m.copyQuestions],
  ['promo_codes', m.copyPromoCodes],
  ['capacity_assignments', m.copyCapacityAssignments],
  ['check_in_lists', m.copyCheckInLists],
];

/** `POST /events/{id}/duplicate`: a draft copy with a new title and dates, copying what is ticked. */
export function DuplicateEventDialog({
  event,
  isOpen,
  onClose,
}: {
  event: Event;
  isOpen: boolean;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title={intl.formatMessage(m.duplicateTitle)}
      icon="duplicate"
      className="create-event-dialog"
    >
      <DuplicateForm event={event} onClose={onClose} />
    </FormDialog>
  );
}

function DuplicateForm({ event, onClose }: { event: Event; onClose: () => void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toaster = useToaster();
  const baseId = useId();
  const [title, setTitle] = useState(intl.formatMessage(m.copyTitle, { title: event.title }).slice(0, 149));
  const [start, setStart] = useState(utcToDateTimeLocal(event.start_date, event.timezone));
  const [end, setEnd] = useState(event.end_date ? utcToDateTimeLocal(event.end_date, event.timezone) : '');
  const [copy, setCopy] = useState<DuplicateOptions>({
    tickets: true,
    questions: true,
    promo_codes: true,
    capacity_assignments: true,
    check_in_lists: true,
    settings: true,
    images: true,
  });
  const mutation = useMutation({
    mutationFn: () =>
      duplicateEvent(event.id, {
        title: title.trim(),
        start_date: dateTimeLocalToUtcIso(start, event.timezone) ?? event.start_date,
        end_date: end ? (dateTimeLocalToUtcIso(end, event.timezone) ?? end) : null,
        copy,
      }),
    onSuccess: async (created) => {
      toaster.success(m.duplicated, { title: created.title });
      queryClient.setQueryData(eventQueries.detail(created.id).queryKey, created);
      await queryClient.invalidateQueries({ queryKey: eventQueries.lists() });
      onClose();
      await navigate(`/manage/event/${encodeURIComponent(created.id)}`);
    },
  });
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    mutation.mutate();
  };
  const errors = formErrors(mutation.error, FIELDS);
  const titleError = errors.of('title');
  const startError = errors.of('start_date');
  const endError = errors.of('end_date');
  const zoneHelp = intl.formatMessage(c.dateHelp, { timeZone: event.timezone });
  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onClose}
      pending={mutation.isPending}
      submitText={m.duplicateSubmit}
      cancelText={c.cancel}
      failure={{ error: mutation.error, fields: FIELDS, title: m.duplicateFailed }}
      intro={intl.formatMessage(m.duplicateIntro)}
    >
      <FormGroup
        label={intl.formatMessage(c.eventTitle)}
        labelFor={`${baseId}-title`}
        intent={titleError ? 'danger' : 'none'}
        helperText={titleError ?? undefined}
      >
        <InputGroup
          id={`${baseId}-title`}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          autoFocus
        />
      </FormGroup>
      <div className="form-row">
        <FormGroup
          label={intl.formatMessage(c.startDate)}
          labelFor={`${baseId}-start`}
          intent={startError ? 'danger' : 'none'}
          helperText={startError ?? zoneHelp}
        >
          <InputGroup
            id={`${baseId}-start`}
            type="datetime-local"
            value={start}
            onChange={(e) => setStart(e.target.value)}
          />
        </FormGroup>
        <FormGroup
          label={intl.formatMessage(c.endDate)}
          labelFor={`${baseId}-end`}
          intent={endError ? 'danger' : 'none'}
          helperText={endError ?? zoneHelp}
        >
          <InputGroup
            id={`${baseId}-end`}
            type="datetime-local"
            value={end}
            min={start || undefined}
            onChange={(e) => setEnd(e.target.value)}
          />
        </FormGroup>
      </div>
      <fieldset className="duplicate-options">
        <legend>{intl.formatMessage(m.copyWhat)}</legend>
        {OPTIONS.map(([key, label]) => (
          <Checkbox
            key={key}
            label={intl.formatMessage(label)}
            checked={copy[key]}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setCopy((current) => ({ ...current, [key]: checked }));
            }}
          />
        ))}
        <p className="settings-section__help">{intl.formatMessage(m.copyLater)}</p>
      </fieldset>
    </DialogForm>
  );
}

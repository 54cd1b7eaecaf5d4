import { Checkbox, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { CheckboxList } from '../../shared/forms/CheckboxList';
import { DialogForm } from '../../shared/forms/FormDialog';
import { FieldGroup, useForm } from '../../shared/forms/useForm';
import { EditorDialog, useSave } from '../../shared/ui/crud';
import type { Ticket } from '../tickets/api';
import {
  createCapacityAssignment,
  updateCapacityAssignment,
  type CapacityAssignment,
  type CapacityAssignmentRequest,
} from './api';
import { FIELDS, initialValues, toRequest, validate } from './capacityForm';
import { capacityDialogMessages as m } from './messages';
import { capacityAssignmentQueries } from './queries';

/** Create (no `assignment`) or edit a capacity assignment of the event's tickets. */
export function CapacityAssignmentDialog({
  isOpen,
  onClose,
  assignment,
  eventId,
  tickets,
}: {
  isOpen: boolean;
  onClose: () => void;
  assignment: CapacityAssignment | null;
  eventId: string;
  tickets: readonly Ticket[];
}) {
  return (
    <EditorDialog
      isOpen={isOpen}
      onClose={onClose}
      editing={assignment !== null}
      createTitle={m.createTitle}
      editTitle={m.editTitle}
      icon="layers"
      className="capacity-dialog"
    >
      <CapacityForm assignment={assignment} eventId={eventId} tickets={tickets} onClose={onClose} />
    </EditorDialog>
  );
}

function CapacityForm({
  assignment,
  eventId,
  tickets,
  onClose,
}: {
  assignment: CapacityAssignment | null;
  eventId: string;
  tickets: readonly Ticket[];
  onClose: () => void;
}) {
  const intl = useIntl();
  const [ticketIds, setTicketIds] = useState<string[]>(assignment?.ticket_ids ?? []);
  const mutation = useSave({
    save: (request: CapacityAssignmentRequest) =>
      assignment
        ? updateCapacityAssignment(eventId, assignment.id, request)
        : createCapacityAssignment(eventId, request),
    invalidate: capacityAssignmentQueries.list(eventId).queryKey,
    saved: (saved) => intl.formatMessage(m.saved, { name: saved.name }),
    onClose,
  });
  const { values, set, setValues, onSubmit, field, failure } = useForm({
    fields: FIELDS,
    initial: () => initialValues(assignment),
    validate: (current) => validate(current, ticketIds),
    onValid: (current) => mutation.mutate(toRequest(current, ticketIds)),
    serverError: mutation.error,
  });
  const name = field('name');
  const capacity = field('capacity');
  const ticketField = field('ticket_ids');
  // The tickets are not `set` through the form, so their client error would outlive the fix: shown while it holds.
  const linked =
    ticketField.error && ticketIds.length > 0 && mutation.error === null
      ? { ...ticketField, error: null }
      : ticketField;
  const enabled = field('enabled');
  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onClose}
      pending={mutation.isPending}
      submitText={m.save}
      cancelText={m.cancel}
      failure={{ ...failure, title: m.failed }}
    >
      <div className="form-row">
        <FieldGroup view={name} label={intl.formatMessage(m.name)}>
          <InputGroup
            {...name.inputProps}
            autoFocus
            value={values.name}
            onChange={set('name')}
            aria-required
          />
        </FieldGroup>
        <FieldGroup view={capacity} label={intl.formatMessage(m.capacity)}>
          <InputGroup
            {...capacity.inputProps}
            inputMode="numeric"
            value={values.capacity}
            onChange={set('capacity')}
            aria-required
          />
        </FieldGroup>
      </div>
      <CheckboxList
        legend={intl.formatMessage(m.tickets)}
        view={linked}
        options={tickets.map((ticket) => ({ id: ticket.id, label: ticket.title }))}
        chosen={ticketIds}
        onChange={setTicketIds}
      />
      <Checkbox
        {...enabled.controlProps}
        checked={values.enabled === 'true'}
        label={intl.formatMessage(m.enabled)}
        onChange={(changed) => {
          const checked = changed.currentTarget.checked;
          setValues((current) => ({ ...current, enabled: checked ? 'true' : 'false' }));
        }}
      />
    </DialogForm>
  );
}

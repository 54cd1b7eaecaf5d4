import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useToaster } from '../../shared/ui/toaster';
import type { Organizer } from '../events/types';
import { FormErrors } from '../eventSettings/FormErrors';
import { htmlOrNull, serverFieldError, textOrNull } from '../eventSettings/forms';
import { RichTextEditor } from '../eventSettings/RichTextEditor';
import { createOrganizer, updateOrganizer, type OrganizerPayload } from './api';
import { organizerMessages as m } from './messages';
import { organizerQueries } from './queries';
import '../eventSettings/manage.css';

const FIELDS = ['name', 'email', 'website', 'description'] as const;
const NAME_MAX = 150;

/** Create or edit an organizer (name under 150, email, website, rich-text description). */
export function OrganizerDialog({
  isOpen,
  onClose,
  organizer,
  onSaved,
}: {
  isOpen: boolean;
  onClose: () => void;
  /** Editing this one; creating when absent. */
  organizer?: Organizer;
  onSaved?: (organizer: Organizer) => void;
}) {
  const intl = useIntl();
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={intl.formatMessage(organizer ? m.editTitle : m.createTitle)}
      icon="office"
      className="organizer-dialog"
    >
      <OrganizerForm organizer={organizer} onClose={onClose} onSaved={onSaved} />
    </Dialog>
  );
}

function OrganizerForm({
  organizer,
  onClose,
  onSaved,
}: {
  organizer?: Organizer | undefined;
  onClose: () => void;
  onSaved?: ((organizer: Organizer) => void) | undefined;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const toaster = useToaster();
  const baseId = useId();
  const [values, setValues] = useState({
    name: organizer?.name ?? '',
    email: organizer?.email ?? '',
    website: organizer?.website ?? '',
    description: organizer?.description ?? '',
  });
  const [nameError, setNameError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (payload: OrganizerPayload) =>
      organizer ? updateOrganizer(organizer.id, payload) : createOrganizer(payload),
    onSuccess: async (saved) => {
      toaster.success(m.saved, { name: saved.name });
      queryClient.setQueryData(organizerQueries.detail(saved.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: organizerQueries.all });
      onSaved?.(saved);
      onClose();
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = values.name.trim();
    if (!name || name.length >= NAME_MAX) {
      setNameError(intl.formatMessage(name ? m.nameTooLong : m.nameRequired));
      document.getElementById(`${baseId}-name`)?.focus();
      return;
    }
    setNameError(null);
    mutation.mutate({
      name,
      email: textOrNull(values.email),
      website: textOrNull(values.website),
      description: htmlOrNull(values.description),
    });
  };

  const field = (name: (typeof FIELDS)[number]) => {
    const error = (name === 'name' ? nameError : null) ?? serverFieldError(mutation.error, name);
    const errorId = `${baseId}-${name}-error`;
    return {
      intent: error ? ('danger' as const) : ('none' as const),
      helperText: error ? <span id={errorId}>{error}</span> : undefined,
      input: {
        id: `${baseId}-${name}`,
        ...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}),
      },
      invalid: Boolean(error),
    };
  };
  const name = field('name');
  const email = field('email');
  const website = field('website');
  const description = field('description');

  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogBody>
        <FormErrors error={mutation.error} fields={FIELDS} message={intl.formatMessage(m.failed)} />
        <FormGroup
          label={intl.formatMessage(m.name)}
          labelFor={name.input.id}
          labelInfo={intl.formatMessage(m.required)}
          intent={name.intent}
          helperText={name.helperText}
        >
          <InputGroup
            {...name.input}
            autoFocus
            aria-required
            value={values.name}
            intent={name.intent}
            onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
          />
        </FormGroup>
        <div className="form-row">
          <FormGroup
            label={intl.formatMessage(m.email)}
            labelFor={email.input.id}
            labelInfo={intl.formatMessage(m.optional)}
            intent={email.intent}
            helperText={email.helperText}
          >
            <InputGroup
              {...email.input}
              type="email"
              value={values.email}
              intent={email.intent}
              onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
            />
          </FormGroup>
          <FormGroup
            label={intl.formatMessage(m.website)}
            labelFor={website.input.id}
            labelInfo={intl.formatMessage(m.optional)}
            intent={website.intent}
            helperText={website.helperText}
          >
            <InputGroup
              {...website.input}
              type="url"
              placeholder="https://"
              value={values.website}
              intent={website.intent}
              onChange={(e) => setValues((v) => ({ ...v, website: e.target.value }))}
            />
          </FormGroup>
        </div>
        <FormGroup
          label={intl.formatMessage(m.description)}
          labelFor={description.input.id}
          labelInfo={intl.formatMessage(m.optional)}
          intent={description.intent}
          helperText={description.helperText}
        >
          <RichTextEditor
            id={description.input.id}
            label={intl.formatMessage(m.description)}
            invalid={description.invalid}
            value={values.description}
            onChange={(html) => setValues((v) => ({ ...v, description: html }))}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={intl.formatMessage(m.cancel)} onClick={onClose} disabled={mutation.isPending} />
            <Button
              type="submit"
              intent="primary"
              text={intl.formatMessage(m.save)}
              loading={mutation.isPending}
            />
          </>
        }
      />
    </form>
  );
}

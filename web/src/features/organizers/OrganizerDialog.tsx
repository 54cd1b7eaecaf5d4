import { InputGroup } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useToaster } from '../../shared/ui/toaster';
import type { Organizer } from '../events/types';
import { DialogForm, FormDialog } from '../../shared/forms/FormDialog';
import { FieldGroup, useForm } from '../../shared/forms/useForm';
import { htmlOrNull, textOrNull } from '../../shared/forms/values';
import { RichTextEditor } from '../../shared/ui/RichTextEditor';
import { createOrganizer, updateOrganizer, type OrganizerPayload } from './api';
import { organizerMessages as m } from './messages';
import { organizerQueries } from './queries';
import '../../shared/ui/manage.css';

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
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title={intl.formatMessage(organizer ? m.editTitle : m.createTitle)}
      icon="office"
      className="organizer-dialog"
    >
      <OrganizerForm organizer={organizer} onClose={onClose} onSaved={onSaved} />
    </FormDialog>
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

  const { values, setValues, set, onSubmit, field, failure } = useForm({
    fields: FIELDS,
    initial: {
      name: organizer?.name ?? '',
      email: organizer?.email ?? '',
      website: organizer?.website ?? '',
      description: organizer?.description ?? '',
    },
    validate: ({ name }) => {
      const trimmed = name.trim();
      if (!trimmed) return { name: m.nameRequired };
      return trimmed.length >= NAME_MAX ? { name: m.nameTooLong } : {};
    },
    onValid: (input) =>
      mutation.mutate({
        name: input.name.trim(),
        email: textOrNull(input.email),
        website: textOrNull(input.website),
        description: htmlOrNull(input.description),
      }),
    serverError: mutation.error,
  });
  const name = field('name');
  const email = field('email');
  const website = field('website');
  const description = field('description');
  const optional = intl.formatMessage(m.optional);

  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onClose}
      pending={mutation.isPending}
      submitText={m.save}
      cancelText={m.cancel}
      failure={{ ...failure, title: m.failed }}
    >
      <FieldGroup view={name} label={intl.formatMessage(m.name)} labelInfo={intl.formatMessage(m.required)}>
        <InputGroup {...name.inputProps} autoFocus aria-required value={values.name} onChange={set('name')} />
      </FieldGroup>
      <div className="form-row">
        <FieldGroup view={email} label={intl.formatMessage(m.email)} labelInfo={optional}>
          <InputGroup {...email.inputProps} type="email" value={values.email} onChange={set('email')} />
        </FieldGroup>
        <FieldGroup view={website} label={intl.formatMessage(m.website)} labelInfo={optional}>
          <InputGroup
            {...website.inputProps}
            type="url"
            placeholder="https://"
            value={values.website}
            onChange={set('website')}
          />
        </FieldGroup>
      </div>
      <FieldGroup view={description} label={intl.formatMessage(m.description)} labelInfo={optional}>
        <RichTextEditor
          id={description.labelFor}
          label={intl.formatMessage(m.description)}
          invalid={description.error !== null}
          value={values.description}
          onChange={(html) => setValues((current) => ({ ...current, description: html }))}
        />
      </FieldGroup>
    </DialogForm>
  );
}

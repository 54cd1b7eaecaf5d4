import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { isApiError } from '../../shared/api/ApiError';
import type { UserRole } from '../../shared/api/types';
import { useToaster } from '../../shared/ui/toaster';
import { DialogForm, FormDialog } from '../../shared/forms/FormDialog';
import { FieldGroup, useForm } from '../../shared/forms/useForm';
import { emailError, withoutEmpty } from '../auth/validation';
import { inviteMember } from './api';
import { inviteMessages as m, usersMessages } from './messages';
import { userQueries } from './queries';

type Field = 'email' | 'role' | 'first_name' | 'last_name';
const FIELDS: readonly Field[] = ['email', 'role', 'first_name', 'last_name'];

export function InviteDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const intl = useIntl();
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title={intl.formatMessage(m.title)}
      icon="new-person"
      className="invite-dialog"
    >
      <InviteForm onClose={onClose} />
    </FormDialog>
  );
}

function InviteForm({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: inviteMember,
    onSuccess: async (member) => {
      toaster.success(m.sent, { email: member.email });
      await queryClient.invalidateQueries({ queryKey: userQueries.lists() });
      onClose();
    },
  });
  const { values, set, onSubmit, field, failure } = useForm({
    fields: FIELDS,
    initial: { email: '', role: 'ORGANIZER', first_name: '', last_name: '' },
    validate: ({ email }) => withoutEmpty({ email: emailError(email) }),
    onValid: (input) =>
      mutation.mutate({
        email: input.email.trim(),
        role: input.role as UserRole,
        ...(input.first_name.trim() ? { first_name: input.first_name.trim() } : {}),
        ...(input.last_name.trim() ? { last_name: input.last_name.trim() } : {}),
      }),
    serverError: mutation.error,
  });
  const email = field('email');
  const role = field(
    'role',
    intl.formatMessage(values.role === 'ADMIN' ? m.roleAdminHelp : m.roleOrganizerHelp),
  );
  const first = field('first_name');
  const last = field('last_name');
  const alreadyMember = isApiError(mutation.error) && mutation.error.reason === 'already_a_member';
  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onClose}
      pending={mutation.isPending}
      submitText={m.send}
      cancelText={m.cancel}
      failure={alreadyMember ? undefined : { ...failure, title: m.failed }}
      intro={intl.formatMessage(m.intro)}
    >
      <FormGroup
        label={intl.formatMessage(m.email)}
        labelFor={email.labelFor}
        intent={email.intent}
        helperText={alreadyMember ? intl.formatMessage(m.alreadyMember) : email.helperText}
      >
        <InputGroup
          {...email.inputProps}
          intent={alreadyMember ? 'danger' : email.intent}
          type="email"
          autoFocus
          value={values.email}
          onChange={set('email')}
          aria-required
        />
      </FormGroup>
      <FieldGroup view={role} label={intl.formatMessage(m.role)}>
        <HTMLSelect {...role.controlProps} fill value={values.role} onChange={set('role')}>
          {(['ORGANIZER', 'ADMIN'] as UserRole[]).map((option) => (
            <option key={option} value={option}>
              {intl.formatMessage(option === 'ADMIN' ? usersMessages.roleAdmin : usersMessages.roleOrganizer)}
            </option>
          ))}
        </HTMLSelect>
      </FieldGroup>
      <div className="form-row">
        <FieldGroup
          view={first}
          label={intl.formatMessage(m.firstName)}
          labelInfo={intl.formatMessage(m.optional)}
        >
          <InputGroup {...first.inputProps} value={values.first_name} onChange={set('first_name')} />
        </FieldGroup>
        <FieldGroup
          view={last}
          label={intl.formatMessage(m.lastName)}
          labelInfo={intl.formatMessage(m.optional)}
        >
          <InputGroup {...last.inputProps} value={values.last_name} onChange={set('last_name')} />
        </FieldGroup>
      </div>
    </DialogForm>
  );
}

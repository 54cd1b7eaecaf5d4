import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { DialogForm } from '../../shared/forms/FormDialog';
import { FieldGroup, useForm } from '../../shared/forms/useForm';
import { EditorDialog, useSave } from '../../shared/ui/crud';
import type { EventDetail } from '../events/types';
import { createAffiliate, updateAffiliate, type Affiliate } from './api';
import { FIELDS, initialValues, toCreateRequest, toUpdateRequest, validate } from './affiliateForm';
import { affiliateDialogMessages as m, affiliatesMessages } from './messages';
import { affiliateQueries } from './queries';

/** Create (no `affiliate`) or edit an affiliate; the code is fixed once created. */
export function AffiliateDialog({
  isOpen,
  onClose,
  affiliate,
  event,
}: {
  isOpen: boolean;
  onClose: () => void;
  affiliate: Affiliate | null;
  event: EventDetail;
}) {
  return (
    <EditorDialog
      isOpen={isOpen}
      onClose={onClose}
      editing={affiliate !== null}
      createTitle={m.createTitle}
      editTitle={m.editTitle}
      icon="link"
      className="affiliate-dialog"
    >
      <AffiliateForm affiliate={affiliate} event={event} onClose={onClose} />
    </EditorDialog>
  );
}

function AffiliateForm({
  affiliate,
  event,
  onClose,
}: {
  affiliate: Affiliate | null;
  event: EventDetail;
  onClose: () => void;
}) {
  const intl = useIntl();
  const mutation = useSave({
    save: (values: ReturnType<typeof initialValues>) =>
      affiliate
        ? updateAffiliate(event.id, affiliate.id, toUpdateRequest(values))
        : createAffiliate(event.id, toCreateRequest(values)),
    invalidate: affiliateQueries.list(event.id).queryKey,
    saved: (saved) => intl.formatMessage(m.saved, { code: saved.code }),
    onClose,
  });
  const { values, set, onSubmit, field, failure } = useForm({
    fields: FIELDS,
    initial: () => initialValues(affiliate),
    validate,
    onValid: (current) => mutation.mutate(current),
    serverError: mutation.error,
  });
  const code = field('code', intl.formatMessage(affiliate ? m.codeFixed : m.codeHelp));
  const name = field('name');
  const email = field('email');
  const status = field('status');
  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onClose}
      pending={mutation.isPending}
      submitText={m.save}
      cancelText={m.cancel}
      failure={{ ...failure, title: m.failed }}
    >
      <FieldGroup view={code} label={intl.formatMessage(m.code)}>
        <InputGroup
          {...code.inputProps}
          autoFocus={!affiliate}
          readOnly={affiliate !== null}
          value={values.code}
          onChange={set('code')}
          aria-required
        />
      </FieldGroup>
      <FieldGroup view={name} label={intl.formatMessage(m.name)}>
        <InputGroup
          {...name.inputProps}
          autoFocus={affiliate !== null}
          value={values.name}
          onChange={set('name')}
          aria-required
        />
      </FieldGroup>
      <div className="form-row">
        <FieldGroup view={email} label={intl.formatMessage(m.email)}>
          <InputGroup {...email.inputProps} type="email" value={values.email} onChange={set('email')} />
        </FieldGroup>
        <FieldGroup view={status} label={intl.formatMessage(m.status)}>
          <HTMLSelect {...status.controlProps} fill value={values.status} onChange={set('status')}>
            <option value="ACTIVE">{intl.formatMessage(affiliatesMessages.active)}</option>
            <option value="INACTIVE">{intl.formatMessage(affiliatesMessages.inactive)}</option>
          </HTMLSelect>
        </FieldGroup>
      </div>
    </DialogForm>
  );
}

import { Button, Dialog, DialogBody, DialogFooter, type IconName } from '@blueprintjs/core';
import type { FormEvent, ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { FormFailure } from './FormFailure';

/**
 * A dialog holding one form. Blueprint unmounts a closed dialog's content, so the form component passed as
 * `children` (which owns the form's state and its mutation) starts fresh every time the dialog opens.
 */
export function FormDialog({
  isOpen,
  onClose,
  title,
  icon,
  className,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  icon?: IconName;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      icon={icon}
      className={['form-dialog', className].filter(Boolean).join(' ')}
    >
      {children}
    </Dialog>
  );
}

/**
 * The form inside a `FormDialog`: what no field shows above the fields (see `FormFailure`), the fields, then
 * Cancel and the submit button, which shows the pending submission and keeps Cancel from interrupting it.
 */
export function DialogForm({
  onSubmit,
  onCancel,
  pending,
  submitText,
  cancelText,
  failure,
  intro,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  pending: boolean;
  submitText: MessageDescriptor;
  cancelText: MessageDescriptor;
  /** The submission's error, the fields the form shows and the callout's title; omit to place errors yourself. */
  failure?: { error: unknown; fields: readonly string[]; title?: MessageDescriptor } | undefined;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogBody>
        {intro ? <p>{intro}</p> : null}
        {failure ? <FormFailure {...failure} /> : null}
        {children}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={intl.formatMessage(cancelText)} onClick={onCancel} disabled={pending} />
            <Button type="submit" intent="primary" text={intl.formatMessage(submitText)} loading={pending} />
          </>
        }
      />
    </form>
  );
}

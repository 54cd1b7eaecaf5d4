import { Checkbox, InputGroup } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { DialogForm, FormDialog } from '../../shared/forms/FormDialog';
import { FieldGroup, useForm, type ClientErrors } from '../../shared/forms/useForm';
import { useToaster } from '../../shared/ui/toaster';
import { createWebhook, WEBHOOK_EVENT_TYPES, type WebhookEventType, type WebhookRequest } from './api';
import { webhookDialogMessages as m, webhookEventTypeMessages } from './messages';
import { webhookQueries } from './queries';

type Field = 'url' | 'event_types';
const FIELDS: readonly Field[] = ['url', 'event_types'];
type Values = Record<Field, string>;

export function WebhookDialog({
  eventId,
  isOpen,
  onClose,
}: {
  eventId: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <FormDialog isOpen={isOpen} onClose={onClose} title={intl.formatMessage(m.title)} icon="data-connection">
      <WebhookForm eventId={eventId} onClose={onClose} />
    </FormDialog>
  );
}

const typesOf = (values: Values) => values.event_types.split(',').filter(Boolean) as WebhookEventType[];

function validate(values: Values): ClientErrors<Field> {
  const errors: ClientErrors<Field> = {};
  if (!values.url.trim()) errors.url = m.urlRequired;
  if (typesOf(values).length === 0) errors.event_types = m.eventsRequired;
  return errors;
}

function WebhookForm({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const intl = useIntl();
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (request: WebhookRequest) => createWebhook(eventId, request),
    onSuccess: async () => {
      toaster.success(m.saved);
      await queryClient.invalidateQueries({ queryKey: webhookQueries.all });
      onClose();
    },
  });
  const { values, set, setValues, onSubmit, field, failure } = useForm({
    fields: FIELDS,
    initial: { url: '', event_types: 'order.created' },
    validate,
    onValid: (current) => mutation.mutate({ url: current.url.trim(), event_types: typesOf(current) }),
    serverError: mutation.error,
  });
  const url = field('url', intl.formatMessage(m.urlHelp));
  const types = field('event_types');
  const chosen = new Set(typesOf(values));
  const toggle = (type: WebhookEventType, on: boolean) => {
    const next = WEBHOOK_EVENT_TYPES.filter((candidate) => (candidate === type ? on : chosen.has(candidate)));
    setValues((current) => ({ ...current, event_types: next.join(',') }));
  };
  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onClose}
      pending={mutation.isPending}
      submitText={m.save}
      cancelText={m.cancel}
      failure={{ ...failure, title: m.failed }}
    >
      <FieldGroup view={url} label={intl.formatMessage(m.url)}>
        <InputGroup
          {...url.inputProps}
          autoFocus
          type="url"
          placeholder="https://"
          value={values.url}
          onChange={set('url')}
          aria-required
        />
      </FieldGroup>
      <FieldGroup view={types} label={intl.formatMessage(m.events)}>
        <div role="group" id={types.controlProps.id} className="webhook-types">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <Checkbox
              key={type}
              label={intl.formatMessage(webhookEventTypeMessages[type])}
              checked={chosen.has(type)}
              onChange={(changed) => toggle(type, changed.currentTarget.checked)}
            />
          ))}
        </div>
      </FieldGroup>
    </DialogForm>
  );
}

import { Button, Callout, Card, Code, FormGroup, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useOutletContext } from 'react-router';
import type { EventDetail } from '../events/types';
import { FormFailure } from '../../shared/forms/FormFailure';
import { PageTitle } from '../../shared/ui/PageTitle';
import { RichTextEditor } from '../../shared/ui/RichTextEditor';
import { useToaster } from '../../shared/ui/toaster';
import {
  previewMailTemplate,
  resetMailTemplate,
  saveMailTemplate,
  type MailTemplate,
  type MailTemplateRequest,
} from './api';
import { mailTemplatesMessages as m } from './messages';
import { mailTemplateQueries } from './queries';
import './mailTemplates.css';

const kindLabel = { order_confirmation: m.orderConfirmation, order_ticket: m.orderTicket } as const;

/** `/manage/event/{eventId}/email-templates`: the event's own wording of the order mails, with a preview. */
export function MailTemplatesPage() {
  const intl = useIntl();
  const event = useOutletContext<EventDetail>();
  const list = useQuery(mailTemplateQueries.list(event.id));
  return (
    <div className="mail-templates-page">
      <PageTitle parts={[m.pageTitle, event.title]} />
      <h2 className="page-header__title">{intl.formatMessage(m.heading)}</h2>
      <p className="page-intro">{intl.formatMessage(m.intro, { example: '{{ order.reference }}' })}</p>
      {list.isPending ? (
        <Spinner size={24} aria-label={intl.formatMessage(m.loading)} />
      ) : list.isError ? (
        <Callout intent="danger">{intl.formatMessage(m.loadFailed)}</Callout>
      ) : (
        list.data.map((template) => (
          <TemplateCard
            key={`${template.kind}-${template.is_custom}`}
            eventId={event.id}
            template={template}
          />
        ))
      )}
    </div>
  );
}

function TemplateCard({ eventId, template }: { eventId: string; template: MailTemplate }) {
  const intl = useIntl();
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState(template.subject ?? '');
  const [body, setBody] = useState(template.body ?? '');
  const request = (): MailTemplateRequest => ({ subject, body });
  const refresh = () => queryClient.invalidateQueries({ queryKey: mailTemplateQueries.all });
  const save = useMutation({
    mutationFn: () => saveMailTemplate(eventId, template.kind, request()),
    onSuccess: async () => {
      toaster.success(m.saved);
      await refresh();
    },
  });
  const reset = useMutation({
    mutationFn: () => resetMailTemplate(eventId, template.kind),
    onSuccess: async () => {
      toaster.show(m.wasReset);
      setSubject('');
      setBody('');
      await refresh();
    },
  });
  const preview = useMutation({
    mutationFn: (draft: MailTemplateRequest) => previewMailTemplate(eventId, template.kind, draft),
  });
  const failure = save.error ?? preview.error;
  const id = `template-${template.kind}`;
  return (
    <Card className="mail-template">
      <div className="mail-template__head">
        <h3>{intl.formatMessage(kindLabel[template.kind])}</h3>
        <Tag minimal round intent={template.is_custom ? 'primary' : 'none'}>
          {intl.formatMessage(template.is_custom ? m.custom : m.standard)}
        </Tag>
      </div>
      {failure ? <FormFailure error={failure} fields={[]} title={m.failed} /> : null}
      <FormGroup label={intl.formatMessage(m.subject)} labelFor={`${id}-subject`}>
        <InputGroup
          id={`${id}-subject`}
          value={subject}
          onChange={(changed) => setSubject(changed.target.value)}
        />
      </FormGroup>
      <FormGroup label={intl.formatMessage(m.body)} labelFor={`${id}-body`}>
        <RichTextEditor
          id={`${id}-body`}
          label={intl.formatMessage(m.body)}
          value={body}
          onChange={setBody}
        />
      </FormGroup>
      <p className="mail-template__placeholders">
        <span>{intl.formatMessage(m.placeholders)}: </span>
        {template.placeholders.map((name) => (
          <Code key={name}>{`{{ ${name} }}`}</Code>
        ))}
      </p>
      <div className="mail-template__actions">
        <Button
          icon="eye-open"
          text={intl.formatMessage(m.preview)}
          loading={preview.isPending}
          onClick={() => preview.mutate(request())}
        />
        <Button
          intent="primary"
          icon="floppy-disk"
          text={intl.formatMessage(m.save)}
          loading={save.isPending}
          onClick={() => save.mutate()}
        />
        {template.is_custom && (
          <Button
            variant="minimal"
            icon="reset"
            text={intl.formatMessage(m.reset)}
            loading={reset.isPending}
            onClick={() => reset.mutate()}
          />
        )}
      </div>
      {preview.data && (
        <div className="mail-template__preview">
          <h4>{intl.formatMessage(m.previewTitle, { subject: preview.data.subject })}</h4>
          <iframe
            title={intl.formatMessage(m.previewFrame)}
            sandbox=""
            srcDoc={preview.data.html}
            className="mail-template__frame"
          />
        </div>
      )}
    </Card>
  );
}

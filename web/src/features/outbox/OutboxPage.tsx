import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  NonIdealState,
  Spinner,
  Tab,
  Tabs,
  Tag,
} from '@blueprintjs/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ErrorPage } from '../../shared/errors/ErrorPage';
import { isApiError } from '../../shared/api/ApiError';
import { Pagination } from '../../shared/ui/Pagination';
import { hasPermission, userQueries } from '../users/queries';
import { outboxQueries, type OutboxMail } from './api';
import { outboxMessages as m } from './messages';
import '../../shared/ui/account.css';
import { ListPage } from '../../shared/ui/ListPage';

function statusOf(mail: OutboxMail): {
  label: MessageDescriptor;
  intent: 'success' | 'warning' | 'danger' | 'primary';
} {
  switch (mail.status) {
    case 'sent':
      return mail.transport === 'outbox'
        ? { label: m.statusKept, intent: 'primary' }
        : { label: m.statusSentSmtp, intent: 'success' };
    case 'failed':
      return { label: m.statusFailed, intent: 'danger' };
    case 'sending':
      return { label: m.statusSending, intent: 'warning' };
    case 'pending':
      return { label: m.statusPending, intent: 'warning' };
  }
}

/** `/manage/outbox`: the emails admins may read, and how each one left (or why not). */
export function OutboxPage() {
  const me = useQuery(userQueries.me());
  if (me.isPending) return <Spinner size={24} />;
  if (me.isError) return <ErrorPage status={isApiError(me.error) ? me.error.status : 500} />;
  if (!hasPermission(me.data, 'outbox.read')) return <ErrorPage status={403} />;
  return <Outbox />;
}

function Outbox() {
  const intl = useIntl();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Number(searchParams.get('page') ?? '1') || 1;
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery({
    ...outboxQueries.list({ page, per_page: 20 }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });
  const mails = list.data?.data ?? [];
  const meta = list.data?.meta;
  return (
    <ListPage
      className="outbox-page"
      title={[m.pageTitle]}
      heading={<h1 className="page-header__title">{intl.formatMessage(m.heading)}</h1>}
      above={<p className="page-intro">{intl.formatMessage(m.intro)}</p>}
      query={list}
      isEmpty={list.isSuccess && mails.length === 0}
      loading={m.loading}
      loadError={m.loadFailed}
      empty={<NonIdealState icon="envelope" title={intl.formatMessage(m.empty)} />}
      pagination={
        <Pagination
          meta={meta}
          onChange={(next) => setSearchParams({ page: String(next) })}
          label={m.paginationNav}
        />
      }
    >
      <div className="table-scroll">
        <HTMLTable className="outbox-table" striped interactive aria-label={intl.formatMessage(m.tableLabel)}>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.columnSubject)}</th>
              <th scope="col">{intl.formatMessage(m.columnTo)}</th>
              <th scope="col">{intl.formatMessage(m.columnStatus)}</th>
              <th scope="col">{intl.formatMessage(m.columnDate)}</th>
            </tr>
          </thead>
          <tbody>
            {mails.map((mail) => {
              const status = statusOf(mail);
              return (
                <tr key={mail.id}>
                  <td>
                    <Button
                      variant="minimal"
                      className="outbox-table__open"
                      text={mail.subject}
                      aria-label={intl.formatMessage(m.open, { subject: mail.subject })}
                      onClick={() => setOpen(mail.id)}
                    />
                  </td>
                  <td>{mail.to}</td>
                  <td>
                    <Tag minimal round intent={status.intent}>
                      {intl.formatMessage(status.label)}
                    </Tag>
                  </td>
                  <td>{intl.formatDate(mail.created_at, { dateStyle: 'medium', timeStyle: 'short' })}</td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </div>
      {open ? <MailDialog id={open} onClose={() => setOpen(null)} /> : null}
    </ListPage>
  );
}

/** Plain text with its web addresses as links, so a kept mail's link can be followed from here. */
function LinkedText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"']+)/g);
  return (
    <pre className="outbox-mail__text">
      {parts.map((part, index) =>
        /^https?:\/\//.test(part) ? (
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </pre>
  );
}

function MailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const intl = useIntl();
  const mail = useQuery(outboxQueries.detail(id));
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={mail.data?.subject ?? intl.formatMessage(m.loading)}
      icon="envelope"
      className="outbox-dialog"
    >
      <DialogBody>
        {mail.data ? (
          <>
            <p className="text-muted">
              {mail.data.to} ·{' '}
              {intl.formatDate(mail.data.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
            </p>
            {mail.data.last_error ? (
              <Callout intent="danger" className="form-callout">
                {intl.formatMessage(m.lastError, {
                  attempts: mail.data.attempts,
                  error: mail.data.last_error,
                })}
              </Callout>
            ) : null}
            <Tabs id="outbox-mail" renderActiveTabPanelOnly>
              <Tab
                id="text"
                title={intl.formatMessage(m.textTab)}
                panel={<LinkedText text={mail.data.text} />}
              />
              <Tab
                id="html"
                title={intl.formatMessage(m.htmlTab)}
                panel={
                  <iframe
                    className="outbox-mail__html"
                    title={intl.formatMessage(m.previewLabel)}
                    sandbox=""
                    srcDoc={mail.data.html}
                  />
                }
              />
            </Tabs>
          </>
        ) : mail.isError ? (
          <Callout intent="danger">{intl.formatMessage(m.loadFailed)}</Callout>
        ) : (
          <Spinner size={24} />
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={intl.formatMessage(m.close)} onClick={onClose} />} />
    </Dialog>
  );
}

export default OutboxPage;

import { Button, Card, Code, HTMLTable, NonIdealState, Spinner, Tag, type Intent } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useOutletContext } from 'react-router';
import type { EventDetail } from '../events/types';
import { ListPage } from '../../shared/ui/ListPage';
import { useToaster } from '../../shared/ui/toaster';
import { deleteWebhook, setWebhookStatus, type Webhook } from './api';
import { webhookEventTypeMessages, webhooksMessages as m } from './messages';
import { webhookQueries } from './queries';
import { WebhookDialog } from './WebhookDialog';
import './webhooks.css';

/** `/manage/event/{eventId}/webhooks`: the event's endpoints, each with its secret and delivery log. */
export function WebhooksPage() {
  const intl = useIntl();
  const event = useOutletContext<EventDetail>();
  const list = useQuery(webhookQueries.list(event.id));
  const [creating, setCreating] = useState(false);
  const [opened, setOpened] = useState(0);
  const webhooks = list.data ?? [];
  return (
    <>
      <ListPage
        className="webhooks-page"
        title={[m.pageTitle, event.title]}
        heading={<h2 className="page-header__title">{intl.formatMessage(m.heading)}</h2>}
        actions={
          <Button
            intent="primary"
            icon="add"
            text={intl.formatMessage(m.create)}
            onClick={() => {
              setOpened((count) => count + 1);
              setCreating(true);
            }}
          />
        }
        above={<p className="page-intro">{intl.formatMessage(m.intro)}</p>}
        query={list}
        isEmpty={list.isSuccess && webhooks.length === 0}
        loading={m.loading}
        loadError={m.loadFailed}
        empty={<NonIdealState icon="data-connection" title={intl.formatMessage(m.empty)} />}
      >
        <div className="webhooks-list">
          {webhooks.map((webhook) => (
            <WebhookCard key={webhook.id} eventId={event.id} webhook={webhook} />
          ))}
        </div>
      </ListPage>
      <WebhookDialog key={opened} eventId={event.id} isOpen={creating} onClose={() => setCreating(false)} />
    </>
  );
}

const deliveryIntent: Record<string, Intent> = { pending: 'warning', delivered: 'success', failed: 'danger' };

function WebhookCard({ eventId, webhook }: { eventId: string; webhook: Webhook }) {
  const intl = useIntl();
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookQueries.all });
  const status = useMutation({
    mutationFn: (to: Webhook['status']) => setWebhookStatus(eventId, webhook.id, to),
    onSuccess: refresh,
    onError: () => toaster.danger(m.actionFailed),
  });
  const removal = useMutation({
    mutationFn: () => deleteWebhook(eventId, webhook.id),
    onSuccess: async () => {
      toaster.show(m.deleted);
      await refresh();
    },
    onError: () => toaster.danger(m.actionFailed),
  });
  const enabled = webhook.status === 'ENABLED';
  return (
    <Card className="webhook-card">
      <div className="webhook-card__head">
        <h3 className="webhook-card__url">{webhook.url}</h3>
        <Tag minimal round intent={enabled ? 'success' : 'danger'}>
          {intl.formatMessage(
            enabled ? m.enabled : webhook.disabled_reason === 'gone' ? m.disabledGone : m.disabled,
          )}
        </Tag>
      </div>
      <dl className="webhook-card__facts">
        <dt>{intl.formatMessage(m.events)}</dt>
        <dd>
          {webhook.event_types.map((type) => (
            <Tag key={type} minimal className="webhook-card__type">
              {intl.formatMessage(webhookEventTypeMessages[type])}
            </Tag>
          ))}
        </dd>
        <dt>{intl.formatMessage(m.secret)}</dt>
        <dd>
          <Code className="webhook-card__secret">{webhook.secret}</Code>
        </dd>
      </dl>
      <div className="webhook-card__actions">
        <Button
          icon="history"
          text={intl.formatMessage(m.log)}
          aria-expanded={showLog}
          onClick={() => setShowLog((shown) => !shown)}
        />
        <Button
          icon={enabled ? 'disable' : 'play'}
          text={intl.formatMessage(enabled ? m.disable : m.enable)}
          loading={status.isPending}
          onClick={() => status.mutate(enabled ? 'DISABLED' : 'ENABLED')}
        />
        <Button
          icon="trash"
          intent="danger"
          variant="minimal"
          aria-label={intl.formatMessage(m.remove, { url: webhook.url })}
          title={intl.formatMessage(m.remove, { url: webhook.url })}
          loading={removal.isPending}
          onClick={() => removal.mutate()}
        />
      </div>
      {showLog && <DeliveryLog eventId={eventId} webhook={webhook} />}
    </Card>
  );
}

function DeliveryLog({ eventId, webhook }: { eventId: string; webhook: Webhook }) {
  const intl = useIntl();
  const log = useQuery(webhookQueries.deliveries(eventId, webhook.id));
  const statusText = { pending: m.deliveryPending, delivered: m.deliveryDelivered, failed: m.deliveryFailed };
  if (log.isPending) return <Spinner size={20} aria-label={intl.formatMessage(m.logLoading)} />;
  const rows = log.data ?? [];
  if (rows.length === 0) return <p className="webhook-log__empty">{intl.formatMessage(m.logEmpty)}</p>;
  return (
    <div className="table-scroll">
      <HTMLTable
        compact
        striped
        className="webhook-log"
        aria-label={intl.formatMessage(m.logLabel, { url: webhook.url })}
      >
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.columnEvent)}</th>
            <th scope="col">{intl.formatMessage(m.columnStatus)}</th>
            <th scope="col">{intl.formatMessage(m.columnResponses)}</th>
            <th scope="col">{intl.formatMessage(m.columnWhen)}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((delivery) => (
            <tr key={delivery.id}>
              <td>
                <Code>{delivery.type}</Code>
              </td>
              <td>
                <Tag minimal intent={deliveryIntent[delivery.status] ?? 'none'}>
                  {intl.formatMessage(
                    statusText[delivery.status as keyof typeof statusText] ?? m.deliveryPending,
                  )}
                </Tag>
              </td>
              <td className="webhook-log__codes">
                {delivery.attempts
                  .map((attempt) => attempt.status_code?.toString() ?? intl.formatMessage(m.noResponse))
                  .join(' → ')}
              </td>
              <td>{intl.formatDate(delivery.created_at, { dateStyle: 'medium', timeStyle: 'medium' })}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

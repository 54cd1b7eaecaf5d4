import { Alert, AnchorButton, Button } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import type { Event } from '../../shared/api/types';
import { useToaster } from '../../shared/ui/toaster';
import { userQueries } from '../users/queries';
import { deleteEvent } from './api';
import { DuplicateEventDialog } from './DuplicateEventDialog';
import { createEventMessages as c, manageEventMessages as m } from './messages';
import { eventQueries } from './queries';

/** Duplicate, settings and (drafts, admins) delete. */
export function EventManageActions({
  event,
  size = 'small',
  showSettings = true,
}: {
  event: Event;
  size?: 'small' | 'medium';
  showSettings?: boolean;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toaster = useToaster();
  const me = useQuery(userQueries.me());
  const [duplicating, setDuplicating] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const removal = useMutation({
    mutationFn: () => deleteEvent(event.id),
    onSuccess: async () => {
      toaster.success(m.deleted, { title: event.title });
      queryClient.removeQueries({ queryKey: eventQueries.detail(event.id).queryKey });
      await queryClient.invalidateQueries({ queryKey: eventQueries.lists() });
      await navigate('/manage/events');
    },
    onError: (error) => {
      const reason = isApiError(error) ? error.reason : '';
      toaster.danger(
        reason === 'event_has_orders'
          ? m.deleteHasOrders
          : reason === 'event_not_draft'
            ? m.deleteNotDraft
            : m.deleteFailed,
      );
    },
  });
  const canDelete = event.status === 'DRAFT' && me.data?.role === 'ADMIN';
  return (
    <>
      {showSettings ? (
        <AnchorButton
          size={size}
          variant="minimal"
          icon="cog"
          text={intl.formatMessage(m.settings)}
          href={`/manage/event/${encodeURIComponent(event.id)}/settings`}
          onClick={(e) => {
            e.preventDefault();
            void navigate(`/manage/event/${encodeURIComponent(event.id)}/settings`);
          }}
        />
      ) : null}
      <Button
        size={size}
        variant="minimal"
        icon="duplicate"
        text={intl.formatMessage(m.duplicate)}
        onClick={() => setDuplicating(true)}
      />
      {canDelete ? (
        <Button
          size={size}
          variant="minimal"
          intent="danger"
          icon="trash"
          text={intl.formatMessage(m.delete)}
          loading={removal.isPending}
          onClick={() => setConfirmingDelete(true)}
        />
      ) : null}
      <DuplicateEventDialog event={event} isOpen={duplicating} onClose={() => setDuplicating(false)} />
      <Alert
        isOpen={confirmingDelete}
        intent="danger"
        icon="trash"
        confirmButtonText={intl.formatMessage(m.delete)}
        cancelButtonText={intl.formatMessage(c.cancel)}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => {
          setConfirmingDelete(false);
          removal.mutate();
        }}
      >
        {intl.formatMessage(m.deleteConfirm, { title: event.title })}
      </Alert>
    </>
  );
}

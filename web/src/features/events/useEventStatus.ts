import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageDescriptor } from 'react-intl';
import { isApiError } from '../../shared/api/ApiError';
import type { Event, EventStatus } from '../../shared/api/types';
import { useToaster } from '../../shared/ui/toaster';
import { updateEventStatus } from './api';
import { eventsMessages } from './messages';
import { eventQueries } from './queries';

export type StatusAction = 'publish' | 'moveToDraft' | 'archive' | 'restore';

/** Spec section 4: draft ⇄ live, either → archived, restore returns an archived event to draft. */
export const TARGET_STATUS: Record<StatusAction, EventStatus> = {
  publish: 'LIVE',
  moveToDraft: 'DRAFT',
  archive: 'ARCHIVED',
  restore: 'DRAFT',
};

export function actionsFor(status: EventStatus): StatusAction[] {
  switch (status) {
    case 'DRAFT':
      return ['publish', 'archive'];
    case 'LIVE':
      return ['moveToDraft', 'archive'];
    case 'ARCHIVED':
      return ['restore'];
  }
}

const DONE: Record<StatusAction, MessageDescriptor> = {
  publish: eventsMessages.published,
  moveToDraft: eventsMessages.movedToDraft,
  archive: eventsMessages.archived,
  restore: eventsMessages.restored,
};

function failureMessage(error: unknown): MessageDescriptor {
  if (isApiError(error)) {
    if (error.reason === 'invalid_status_transition') return eventsMessages.invalidTransition;
    if (error.reason === 'event_not_found' || error.reason === 'event_deleted')
      return eventsMessages.eventGone;
    if (error.reason === 'email_not_verified') return eventsMessages.emailNotVerified;
  }
  return eventsMessages.statusUpdateFailed;
}

/** `PUT /api/events/{id}/status`, then refresh every events query and say what happened. */
export function useEventStatus() {
  const queryClient = useQueryClient();
  const toaster = useToaster();
  return useMutation({
    mutationFn: ({ event, action }: { event: Event; action: StatusAction }) =>
      updateEventStatus(event.id, TARGET_STATUS[action]),
    onSuccess: async (updated, { action }) => {
      queryClient.setQueryData(eventQueries.detail(updated.id).queryKey, updated);
      toaster.success(DONE[action], { title: updated.title });
      await queryClient.invalidateQueries({ queryKey: eventQueries.all });
    },
    onError: (error) => {
      toaster.danger(failureMessage(error));
    },
  });
}

import { Button, ButtonGroup, type Intent } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import type { Event } from '../../shared/api/types';
import { eventsMessages } from './messages';
import { actionsFor, useEventStatus, type StatusAction } from './useEventStatus';

const LOOK: Record<StatusAction, { icon: 'globe-network' | 'eye-off' | 'archive' | 'undo'; intent: Intent }> =
  {
    publish: { icon: 'globe-network', intent: 'success' },
    moveToDraft: { icon: 'eye-off', intent: 'none' },
    archive: { icon: 'archive', intent: 'none' },
    restore: { icon: 'undo', intent: 'primary' },
  };

/** Publish / Move to draft / Archive / Restore buttons for one event. */
export function EventStatusActions({ event, size = 'small' }: { event: Event; size?: 'small' | 'medium' }) {
  const intl = useIntl();
  const mutation = useEventStatus();
  const pendingAction =
    mutation.isPending && mutation.variables.event.id === event.id ? mutation.variables.action : null;
  return (
    <ButtonGroup aria-label={intl.formatMessage(eventsMessages.actionsLabel, { title: event.title })}>
      {actionsFor(event.status).map((action) => (
        <Button
          key={action}
          size={size}
          variant="outlined"
          icon={LOOK[action].icon}
          intent={LOOK[action].intent}
          text={intl.formatMessage(eventsMessages[action])}
          loading={pendingAction === action}
          disabled={pendingAction !== null && pendingAction !== action}
          onClick={() => mutation.mutate({ event, action })}
        />
      ))}
    </ButtonGroup>
  );
}

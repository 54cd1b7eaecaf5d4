import { Tag, type Intent } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import type { EventLifecycle, EventStatus } from '../../shared/api/types';
import { eventsMessages } from './messages';

const STATUS = {
  DRAFT: { label: eventsMessages.statusDraft, intent: 'warning' as Intent },
  LIVE: { label: eventsMessages.statusLive, intent: 'success' as Intent },
  ARCHIVED: { label: eventsMessages.statusArchived, intent: 'none' as Intent },
} satisfies Record<EventStatus, unknown>;

const LIFECYCLE = {
  upcoming: eventsMessages.lifecycleUpcoming,
  ongoing: eventsMessages.lifecycleOngoing,
  ended: eventsMessages.lifecycleEnded,
} satisfies Record<EventLifecycle, unknown>;

export function StatusTag({ status }: { status: EventStatus }) {
  const intl = useIntl();
  const { label, intent } = STATUS[status];
  return (
    <Tag intent={intent} round>
      {intl.formatMessage(label)}
    </Tag>
  );
}

export function LifecycleTag({ lifecycle }: { lifecycle: EventLifecycle }) {
  const intl = useIntl();
  return (
    <Tag minimal round intent={lifecycle === 'ongoing' ? 'primary' : 'none'}>
      {intl.formatMessage(LIFECYCLE[lifecycle])}
    </Tag>
  );
}

import { Card, Icon, Tag } from '@blueprintjs/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useOutletContext } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { paymentQueries } from '../payment/queries';
import { EventStatusActions } from '../events/EventStatusActions';
import type { EventDetail } from '../events/types';
import { ticketQueries } from '../tickets/queries';
import { checklistFor, type StepId } from './checklist';
import { gettingStartedMessages as m } from './messages';
import '../../shared/ui/manage.css';
import { PageTitle } from '../../shared/ui/PageTitle';

const TEXT: Record<StepId, { title: MessageDescriptor; text: MessageDescriptor }> = {
  tickets: { title: m.ticketsTitle, text: m.ticketsText },
  payment: { title: m.paymentTitle, text: m.paymentText },
  customise: { title: m.customiseTitle, text: m.customiseText },
  publish: { title: m.publishTitle, text: m.publishText },
};

/** `/manage/event/{eventId}/getting-started`: create tickets, set up payment, customise the page, publish. */
export function GettingStartedPage() {
  const intl = useIntl();
  const event = useOutletContext<EventDetail>();
  const tickets = useQuery(ticketQueries.list(event.id));
  const payment = useQuery(paymentQueries.connection());
  const steps = checklistFor(event, tickets.data ? tickets.data.length : null, payment.data);
  const done = steps.filter((step) => step.state === 'done').length;
  const base = `/manage/event/${encodeURIComponent(event.id)}`;
  return (
    <div className="getting-started">
      <PageTitle parts={[m.pageTitle, event.title]} />
      <div className="page-header">
        <h2 className="page-header__title">{intl.formatMessage(m.heading)}</h2>
        <span className="getting-started__progress">
          {intl.formatMessage(m.progress, { done, total: steps.length })}
        </span>
      </div>
      <ol className="getting-started__steps">
        {steps.map((step) => (
          <li key={step.id}>
            <Card className={`getting-started__step getting-started__step--${step.state}`}>
              <Icon
                icon={step.state === 'done' ? 'tick-circle' : 'circle'}
                intent={step.state === 'done' ? 'success' : 'none'}
                size={20}
                aria-hidden
              />
              <div className="getting-started__text">
                <h3>{intl.formatMessage(TEXT[step.id].title)}</h3>
                <p>
                  {intl.formatMessage(TEXT[step.id].text)}
                  {step.state === 'unavailable' ? ` ${intl.formatMessage(m.unavailableHint)}` : ''}
                </p>
              </div>
              <Tag minimal round intent={step.state === 'done' ? 'success' : 'none'}>
                {intl.formatMessage(m[step.state])}
              </Tag>
              {step.id === 'publish' && step.state !== 'done' ? (
                <EventStatusActions event={event} />
              ) : step.state === 'todo' ? (
                <Link to={step.to.startsWith('/') ? step.to : `${base}/${step.to}`}>
                  {intl.formatMessage(m.open)}
                </Link>
              ) : null}
            </Card>
          </li>
        ))}
      </ol>
    </div>
  );
}

export default GettingStartedPage;

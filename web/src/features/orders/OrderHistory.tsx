import { useIntl } from 'react-intl';
import type { OrderDetail } from './api';
import { historyActor, historySentence } from './history';
import { orderDetailMessages as d } from './messages';

/** The order's history, oldest first: what happened, when, and who did it, in the viewer's language. */
export function OrderHistory({ order }: { order: OrderDetail }) {
  const intl = useIntl();
  return (
    <>
      <h3>{intl.formatMessage(d.history)}</h3>
      <ol className="order-drawer__history">
        {order.history.map((entry) => (
          <li key={entry.position}>
            <span className="order-drawer__history-what">{historySentence(intl, entry, order.currency)}</span>
            <span className="order-drawer__history-when">
              {intl.formatDate(entry.at, { dateStyle: 'medium', timeStyle: 'short' })} ·{' '}
              {historyActor(intl, entry.actor)}
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}

/** The buyer's answers to the event's questions, each under its question. */
export function OrderAnswers({ order }: { order: OrderDetail }) {
  const intl = useIntl();
  if (order.answered_questions.length === 0) return null;
  return (
    <>
      <h3>{intl.formatMessage(d.answers)}</h3>
      <AnsweredQuestions answers={order.answered_questions} />
    </>
  );
}

export function AnsweredQuestions({ answers }: { answers: OrderDetail['answered_questions'] }) {
  const intl = useIntl();
  return (
    <dl className="order-drawer__answers">
      {answers.map((answer) => (
        <div key={answer.question_id}>
          <dt>{answer.question ?? intl.formatMessage(d.deletedQuestion)}</dt>
          <dd>{answer.answer}</dd>
        </div>
      ))}
    </dl>
  );
}

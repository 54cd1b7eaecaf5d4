import { Icon, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useOutletContext } from 'react-router';
import {
  ConfirmDelete,
  CrudListPage,
  CrudTable,
  RowAction,
  useEditor,
  useReorder,
  useRowDrag,
} from '../../shared/ui/crud';
import { moveItem, moveTo } from '../../shared/ui/reorder';
import type { EventDetail } from '../events/types';
import { ticketQueries } from '../tickets/queries';
import { deleteQuestion, sortQuestions, type Question } from './api';
import { questionsMessages as m, questionTypeMessages } from './messages';
import { QuestionDialog } from './QuestionDialog';
import { questionQueries } from './queries';
import '../../shared/ui/account.css';

/**
 * `/manage/event/{eventId}/questions`: the default questions first, locked, then the organizer's own in the
 * order buyers see them (dragged, or moved with the up and down buttons).
 */
export function QuestionsPage() {
  const intl = useIntl();
  const event = useOutletContext<EventDetail>();
  const list = useQuery(questionQueries.list(event.id));
  const tickets = useQuery(ticketQueries.list(event.id));
  const editor = useEditor<Question>();
  const [deleting, setDeleting] = useState<Question | null>(null);
  const questions = list.data ?? [];
  const locked = questions.filter((question) => question.is_default);
  const own = questions.filter((question) => !question.is_default);
  const listKey = questionQueries.list(event.id).queryKey;
  const sort = useReorder<Question>({
    listKey,
    save: (ids) =>
      sortQuestions(
        event.id,
        ids.filter((id) => own.some((question) => question.id === id)),
      ),
    failed: m.sortFailed,
  });
  const reorder = (ordered: Question[]) => sort.mutate([...locked, ...ordered]);
  const dragRow = useRowDrag((from, to) => reorder(moveTo(own, from, to)));
  const flags = (question: Question) => (
    <>
      {question.required ? (
        <Tag minimal round intent="primary">
          {intl.formatMessage(m.required)}
        </Tag>
      ) : null}{' '}
      {question.hidden ? (
        <Tag minimal round>
          {intl.formatMessage(m.hidden)}
        </Tag>
      ) : null}
    </>
  );
  const askedPer = (question: Question) =>
    intl.formatMessage(question.asked_per === 'ATTENDEE' ? m.perAttendee : m.perOrder);
  return (
    <>
      <CrudListPage
        className="questions-page"
        title={[m.pageTitle, event.title]}
        texts={m}
        emptyIcon="help"
        onCreate={() => editor.open('new')}
        query={list}
        isEmpty={questions.length === 0}
      >
        <CrudTable
          className="crud-table"
          label={intl.formatMessage(m.tableLabel)}
          columns={[m.columnTitle, m.columnType, m.columnAskedPer, m.columnFlags].map((column) =>
            intl.formatMessage(column),
          )}
          actionsLabel={intl.formatMessage(m.columnActions)}
        >
          {locked.map((question) => (
            <tr key={question.id} className="questions-page__locked">
              <td>
                <strong>{question.title}</strong>
              </td>
              <td>{intl.formatMessage(questionTypeMessages[question.type])}</td>
              <td>{askedPer(question)}</td>
              <td>{flags(question)}</td>
              <td className="crud-table__actions">
                <span
                  className="text-muted questions-page__lock"
                  title={intl.formatMessage(m.lockedLabel, { title: question.title })}
                >
                  <Icon icon="lock" />
                  {intl.formatMessage(m.locked)}
                </span>
              </td>
            </tr>
          ))}
          {own.map((question, index) => {
            const title = question.title;
            return (
              <tr key={question.id} {...dragRow(index)}>
                <td>
                  <strong>{title}</strong>
                  {question.options.length > 0 ? (
                    <div className="text-muted">{intl.formatList(question.options)}</div>
                  ) : null}
                </td>
                <td>{intl.formatMessage(questionTypeMessages[question.type])}</td>
                <td>{askedPer(question)}</td>
                <td>{flags(question)}</td>
                <td className="crud-table__actions">
                  <RowAction
                    icon="arrow-up"
                    label={intl.formatMessage(m.moveUp, { title })}
                    disabled={index === 0 || sort.isPending}
                    onClick={() => reorder(moveItem(own, index, -1))}
                  />
                  <RowAction
                    icon="arrow-down"
                    label={intl.formatMessage(m.moveDown, { title })}
                    disabled={index === own.length - 1 || sort.isPending}
                    onClick={() => reorder(moveItem(own, index, 1))}
                  />
                  <RowAction
                    icon="edit"
                    label={intl.formatMessage(m.edit, { title })}
                    onClick={() => editor.open(question)}
                  />
                  <RowAction
                    icon="trash"
                    intent="danger"
                    label={intl.formatMessage(m.remove, { title })}
                    onClick={() => setDeleting(question)}
                  />
                </td>
              </tr>
            );
          })}
        </CrudTable>
      </CrudListPage>
      <QuestionDialog
        key={editor.formKey}
        isOpen={editor.isOpen}
        onClose={editor.close}
        question={editor.item}
        eventId={event.id}
        tickets={tickets.data ?? []}
      />
      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(null)}
        question={(question) => intl.formatMessage(m.deleteConfirm, { title: question.title })}
        remove={(question) => deleteQuestion(event.id, question.id)}
        invalidate={listKey}
        deleted={(question) => intl.formatMessage(m.deleted, { title: question.title })}
        failed={() => m.deleteFailed}
        deleteText={m.deleteButton}
        cancelText={m.cancel}
      />
    </>
  );
}

export default QuestionsPage;

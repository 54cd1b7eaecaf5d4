import { AnchorButton, NonIdealState, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useOutletContext } from 'react-router';
import { ConfirmDelete, CrudListPage, CrudTable, RowAction, useEditor } from '../../shared/ui/crud';
import type { EventDetail } from '../events/types';
import { ticketQueries } from '../tickets/queries';
import { deleteCapacityAssignment, type CapacityAssignment } from './api';
import { CapacityAssignmentDialog } from './CapacityAssignmentDialog';
import { capacityMessages as m } from './messages';
import { capacityAssignmentQueries } from './queries';
import '../../shared/ui/account.css';

/** `/manage/event/{eventId}/capacity-assignments`: capacities shared by tickets, with what is used of each. */
export function CapacityAssignmentsPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const event = useOutletContext<EventDetail>();
  const list = useQuery(capacityAssignmentQueries.list(event.id));
  const tickets = useQuery(ticketQueries.list(event.id));
  const editor = useEditor<CapacityAssignment>();
  const [deleting, setDeleting] = useState<CapacityAssignment | null>(null);
  const assignments = list.data ?? [];
  const ticketList = tickets.data ?? [];
  const noTickets = tickets.isSuccess && ticketList.length === 0;
  const ticketTitle = new Map(ticketList.map((ticket) => [ticket.id, ticket.title]));
  const ticketsPath = `/manage/event/${encodeURIComponent(event.id)}/tickets`;
  return (
    <>
      <CrudListPage
        className="capacity-page"
        title={[m.pageTitle, event.title]}
        texts={m}
        emptyIcon="layers"
        empty={
          noTickets ? (
            <NonIdealState
              icon="label"
              title={intl.formatMessage(m.noTickets)}
              description={intl.formatMessage(m.noTicketsDescription)}
              action={
                <AnchorButton
                  intent="primary"
                  href={ticketsPath}
                  text={intl.formatMessage(m.goToTickets)}
                  onClick={(click) => {
                    click.preventDefault();
                    void navigate(ticketsPath);
                  }}
                />
              }
            />
          ) : undefined
        }
        onCreate={() => editor.open('new')}
        createDisabled={!tickets.isSuccess || noTickets}
        query={list}
        isEmpty={assignments.length === 0}
      >
        <CrudTable
          className="crud-table"
          label={intl.formatMessage(m.tableLabel)}
          columns={[m.columnName, m.columnUsed, m.columnTickets, m.columnStatus].map((column) =>
            intl.formatMessage(column),
          )}
          actionsLabel={intl.formatMessage(m.columnActions)}
        >
          {assignments.map((assignment) => (
            <tr key={assignment.id}>
              <td>
                <strong>{assignment.name}</strong>
              </td>
              <td>
                <div className="capacity-used">
                  <meter
                    min={0}
                    max={Math.max(assignment.capacity, 1)}
                    value={assignment.used_capacity}
                    aria-label={intl.formatMessage(m.usedLabel, { name: assignment.name })}
                  />
                  <span>
                    {intl.formatMessage(m.usedOf, {
                      used: assignment.used_capacity,
                      capacity: assignment.capacity,
                    })}
                  </span>
                </div>
              </td>
              <td>{intl.formatList(assignment.ticket_ids.map((id) => ticketTitle.get(id) ?? id))}</td>
              <td>
                <Tag minimal round intent={assignment.enabled ? 'success' : 'none'}>
                  {intl.formatMessage(assignment.enabled ? m.enabled : m.disabled)}
                </Tag>
              </td>
              <td className="crud-table__actions">
                <RowAction
                  icon="edit"
                  label={intl.formatMessage(m.edit, { name: assignment.name })}
                  onClick={() => editor.open(assignment)}
                />
                <RowAction
                  icon="trash"
                  intent="danger"
                  label={intl.formatMessage(m.remove, { name: assignment.name })}
                  onClick={() => setDeleting(assignment)}
                />
              </td>
            </tr>
          ))}
        </CrudTable>
      </CrudListPage>
      <CapacityAssignmentDialog
        key={editor.formKey}
        isOpen={editor.isOpen}
        onClose={editor.close}
        assignment={editor.item}
        eventId={event.id}
        tickets={ticketList}
      />
      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(null)}
        question={(assignment) => intl.formatMessage(m.deleteConfirm, { name: assignment.name })}
        remove={(assignment) => deleteCapacityAssignment(event.id, assignment.id)}
        invalidate={capacityAssignmentQueries.list(event.id).queryKey}
        deleted={(assignment) => intl.formatMessage(m.deleted, { name: assignment.name })}
        failed={() => m.deleteFailed}
        deleteText={m.deleteButton}
        cancelText={m.cancel}
      />
    </>
  );
}

export default CapacityAssignmentsPage;

import { HTMLTable, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { reasonMessage } from '../../shared/api/reasonMessages';
import type { CheckInList } from './api';
import { checkInListsMessages as m } from './messages';
import { checkInQueries } from './queries';

/**
 * Offline scans the server could not simply accept: a ticket admitted at two doors while offline (the second
 * is a duplicate entry, recorded, never dropped), and scans it would have refused. Hidden while there are none.
 */
export function ScanIssues({ eventId, lists }: { eventId: string; lists: readonly CheckInList[] }) {
  const intl = useIntl();
  const stats = useQuery(checkInQueries.stats(eventId));
  const issues = stats.data?.scan_issues ?? [];
  const refused: MessageDescriptor = m.issueRefused;
  if (issues.length === 0) return null;
  const listName = (id: string) => lists.find((list) => list.id === id)?.name ?? id;
  const time = (at: string) => intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' });
  // Staff know doors by the gate they named; a device id means nothing to them (kept in the tooltip).
  const place = (device: string, gate: string | null) => (
    <span title={device}>{gate ?? intl.formatMessage(m.issueUnnamedDoor)}</span>
  );
  return (
    <section className="check-in-issues" aria-labelledby="check-in-issues-heading">
      <h3 id="check-in-issues-heading">{intl.formatMessage(m.issuesHeading)}</h3>
      <p className="page-intro">{intl.formatMessage(m.issuesIntro)}</p>
      <div className="table-scroll">
        <HTMLTable className="check-in-table" striped data-testid="check-in-issues">
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.issueKind)}</th>
              <th scope="col">{intl.formatMessage(m.issueAttendee)}</th>
              <th scope="col">{intl.formatMessage(m.issueScan)}</th>
              <th scope="col">{intl.formatMessage(m.issueFirst)}</th>
            </tr>
          </thead>
          <tbody>
            {issues.map((issue) => (
              <tr
                key={`${issue.check_in_list_id}-${issue.attendee_id}-${issue.scanned_at}-${issue.device_id}`}
              >
                <td>
                  <Tag intent={issue.kind === 'DUPLICATE_ENTRY' ? 'warning' : 'danger'}>
                    {intl.formatMessage(issue.kind === 'DUPLICATE_ENTRY' ? m.issueDuplicate : m.issueRefused)}
                  </Tag>
                  {issue.reason ? (
                    <div className="check-in-table__meta">
                      {intl.formatMessage(reasonMessage(issue.reason) ?? refused)}
                    </div>
                  ) : null}
                </td>
                <td>
                  {issue.attendee_name || <code>{issue.attendee_id}</code>}
                  <div className="check-in-table__meta">{listName(issue.check_in_list_id)}</div>
                </td>
                <td>
                  {time(issue.scanned_at)}
                  <div className="check-in-table__meta">{place(issue.device_id, issue.gate)}</div>
                </td>
                <td>
                  {issue.first_checked_in_at ? time(issue.first_checked_in_at) : '—'}
                  {issue.first_device_id ? (
                    <div className="check-in-table__meta">
                      {place(issue.first_device_id, issue.first_gate)}
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </section>
  );
}

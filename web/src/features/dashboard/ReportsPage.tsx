import { Button, Callout, Card, HTMLSelect, HTMLTable, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { useOutletContext } from 'react-router';
import type { EventDetail } from '../events/types';
import { formatMoney } from '../../shared/intl/eventFormat';
import { uiMessages } from '../../shared/ui/messages';
import { PageTitle } from '../../shared/ui/PageTitle';
import { showToast } from '../../shared/ui/toaster';
import { downloadReport, reportNames, type Report, type ReportName } from './api';
import { reportColumnMessages, reportMessages as m } from './messages';
import { statsQueries } from './queries';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import './dashboard.css';

function cell(
  intl: IntlShape,
  report: Report,
  column: Report['columns'][number],
  value: string | number | null | undefined,
): string {
  if (value === null || value === undefined) return '—';
  if (column.kind === 'money') return formatMoney(intl, Number(value), report.currency);
  if (column.kind === 'count') return intl.formatNumber(Number(value));
  if (column.kind === 'date')
    return intl.formatDate(`${String(value)}T00:00:00Z`, { timeZone: 'UTC', dateStyle: 'medium' });
  if (column.key === 'type' && (value === 'tax' || value === 'fee')) return intl.formatMessage(m[value]);
  return String(value);
}

function columnLabel(intl: IntlShape, key: string): string {
  const messages: Partial<Record<string, MessageDescriptor>> = reportColumnMessages;
  const message = messages[key];
  return message ? intl.formatMessage(message) : key;
}

/** `/manage/event/{eventId}/reports`: the event's reports with a date range, as a table and as CSV or XLSX. */
export function ReportsPage() {
  const intl = useIntl();
  const event = useOutletContext<EventDetail>();
  const [report, setReport] = useState<ReportName>('sales_by_ticket');
  const [range, setRange] = useState({ from: '', to: '' });
  const data = useQuery(statsQueries.report(event.id, report, range));

  const download = (format: 'csv' | 'xlsx') =>
    downloadReport(event.id, report, range, format).catch(() =>
      showToast({ intent: 'danger', message: intl.formatMessage(m.downloadFailed) }),
    );

  return (
    <div className="dashboard-page">
      <PageTitle parts={[m.pageTitle, event.title]} />
      <div className="page-header">
        <h1 className="page-header__title">{intl.formatMessage(m.heading)}</h1>
      </div>
      <p className="settings-section__help">{intl.formatMessage(m.intro)}</p>
      <Card>
        <div className="reports-filters">
          <label>
            <span>{intl.formatMessage(m.reportLabel)}</span>
            <HTMLSelect value={report} onChange={(e) => setReport(e.target.value as ReportName)}>
              {reportNames.map((name) => (
                <option key={name} value={name}>
                  {intl.formatMessage(m[name])}
                </option>
              ))}
            </HTMLSelect>
          </label>
          <label>
            <span>{intl.formatMessage(m.from)}</span>
            <input
              className="bp6-input"
              type="date"
              value={range.from}
              max={range.to || undefined}
              onChange={(e) => setRange((current) => ({ ...current, from: e.target.value }))}
            />
          </label>
          <label>
            <span>{intl.formatMessage(m.to)}</span>
            <input
              className="bp6-input"
              type="date"
              value={range.to}
              min={range.from || undefined}
              onChange={(e) => setRange((current) => ({ ...current, to: e.target.value }))}
            />
          </label>
          <div className="reports-filters__actions">
            <Button
              icon="download"
              text={intl.formatMessage(m.downloadCsv)}
              onClick={() => void download('csv')}
            />
            <Button
              icon="download"
              text={intl.formatMessage(m.downloadXlsx)}
              onClick={() => void download('xlsx')}
            />
          </div>
        </div>
        {data.isPending ? (
          <Spinner size={24} aria-label={intl.formatMessage(m.heading)} />
        ) : data.isError ? (
          <Callout
            intent="danger"
            role="alert"
            title={intl.formatMessage(m.loadError)}
            className="form-callout"
          >
            <Button
              icon="refresh"
              text={intl.formatMessage(uiMessages.retry)}
              onClick={() => void data.refetch()}
            />
          </Callout>
        ) : data.data.rows.length === 0 ? (
          <p className="dashboard-empty">{intl.formatMessage(m.empty)}</p>
        ) : (
          <ScrollTable label={intl.formatMessage(m[report])}>
            <HTMLTable className="dashboard-table" compact striped aria-label={intl.formatMessage(m[report])}>
              <thead>
                <tr>
                  {data.data.columns.map((column) => (
                    <th key={column.key} scope="col">
                      {columnLabel(intl, column.key)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.data.rows.map((row, index) => (
                  <tr key={index}>
                    {data.data.columns.map((column, columnIndex) =>
                      columnIndex === 0 ? (
                        <th key={column.key} scope="row">
                          {cell(intl, data.data, column, row[column.key])}
                        </th>
                      ) : (
                        <td key={column.key}>{cell(intl, data.data, column, row[column.key])}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </ScrollTable>
        )}
      </Card>
    </div>
  );
}

export default ReportsPage;

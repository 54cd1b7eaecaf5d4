import { Button, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useOutletContext } from 'react-router';
import { api } from '../../shared/api/clients';
import { downloadFile } from '../../shared/api/download';
import type { RouteQuery } from '../../shared/api/routes';
import { formatMoney } from '../../shared/intl/eventFormat';
import { ListPage } from '../../shared/ui/ListPage';
import { Pagination } from '../../shared/ui/Pagination';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import { useToaster } from '../../shared/ui/toaster';
import type { EventDetail } from '../events/types';
import { ExportButtons, ParamFilter, SearchToolbar, useListParams } from '../orders/ListControls';
import { invoiceListMessages as m } from './messages';
import '../../shared/ui/account.css';

type InvoiceQuery = RouteQuery<'GET /events/{eventId}/invoices'>;
type DocumentKind = 'INVOICE' | 'CREDIT_NOTE';

/** One document's PDF, as the organizer downloads it (`…/orders/{orderId}/invoice|credit-note`). */
export function downloadDocument(eventId: string, orderId: string, kind: DocumentKind, number: string) {
  const path = kind === 'INVOICE' ? 'invoice' : 'credit-note';
  return downloadFile(
    `/events/${encodeURIComponent(eventId)}/orders/${encodeURIComponent(orderId)}/${path}`,
    {},
    `${number}.pdf`,
  );
}

export const invoiceList = (eventId: string, query: InvoiceQuery) =>
  queryOptions({
    queryKey: ['invoices', eventId, query] as const,
    queryFn: ({ signal }) =>
      api.call('GET /events/{eventId}/invoices', { params: { eventId }, query, signal }),
  });

/** `/manage/event/{eventId}/invoices`: the event's invoices and credit notes, their PDFs and the export. */
export function InvoicesPage() {
  const intl = useIntl();
  const event = useOutletContext<EventDetail>();
  const toaster = useToaster();
  const { params, update } = useListParams();
  const kind = params.get('kind');
  const query: InvoiceQuery = {
    ...(params.get('page') ? { page: params.get('page') ?? '1' } : {}),
    ...(params.get('query') ? { query: params.get('query') ?? '' } : {}),
    ...(kind ? { filter_fields: { kind: { eq: kind } } } : {}),
  };
  const list = useQuery({ ...invoiceList(event.id, query), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const eventPath = `/events/${encodeURIComponent(event.id)}`;
  const exportAs = (format: 'csv' | 'xlsx') => {
    const { page: _page, ...filters } = query;
    downloadFile(
      `${eventPath}/invoices/export`,
      { ...filters, format },
      `invoices-${event.id}.${format}`,
    ).catch(() => toaster.danger(m.exportFailed));
  };
  const download = (orderId: string, documentKind: DocumentKind, number: string) =>
    downloadDocument(event.id, orderId, documentKind, number).catch(() => toaster.danger(m.downloadFailed));
  return (
    <ListPage
      className="invoices-page"
      title={[m.pageTitle, event.title]}
      heading={<h2 className="page-header__title">{intl.formatMessage(m.heading)}</h2>}
      actions={
        <div className="orders-actions">
          <ExportButtons onExport={exportAs} />
        </div>
      }
      above={
        <>
          <p className="page-intro">{intl.formatMessage(m.intro)}</p>
          <SearchToolbar label={m.search} params={params} update={update} loading={list.isFetching}>
            <ParamFilter
              param="kind"
              label={m.kindFilter}
              all={m.allKinds}
              options={[
                { value: 'INVOICE', label: intl.formatMessage(m.kindInvoice) },
                { value: 'CREDIT_NOTE', label: intl.formatMessage(m.kindCreditNote) },
              ]}
              params={params}
              update={update}
            />
          </SearchToolbar>
        </>
      }
      query={list}
      isEmpty={list.isSuccess && rows.length === 0}
      loading={m.loading}
      loadError={m.loadFailed}
      empty={<NonIdealState icon="document" title={intl.formatMessage(m.empty)} />}
      summary={meta ? intl.formatMessage(m.summary, { total: meta.total }) : null}
      pagination={
        <Pagination meta={meta} onChange={(next) => update({ page: String(next) })} label={m.paginationNav} />
      }
    >
      <ScrollTable label={intl.formatMessage(m.tableLabel)}>
        <HTMLTable striped aria-label={intl.formatMessage(m.tableLabel)} aria-busy={list.isPlaceholderData}>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.columnNumber)}</th>
              <th scope="col">{intl.formatMessage(m.columnKind)}</th>
              <th scope="col">{intl.formatMessage(m.columnBuyer)}</th>
              <th scope="col">{intl.formatMessage(m.columnGross)}</th>
              <th scope="col">{intl.formatMessage(m.columnIssued)}</th>
              <th scope="col">{intl.formatMessage(m.columnDownload)}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{row.number}</td>
                <td>
                  {row.kind === 'CREDIT_NOTE' ? (
                    <>
                      <Tag minimal intent="warning">
                        {intl.formatMessage(m.kindCreditNote)}
                      </Tag>{' '}
                      {row.cancels_number
                        ? intl.formatMessage(m.cancels, { number: row.cancels_number })
                        : null}
                    </>
                  ) : (
                    <Tag minimal>{intl.formatMessage(m.kindInvoice)}</Tag>
                  )}
                </td>
                <td>
                  {[row.buyer_company, row.buyer_name].filter(Boolean).join(' · ')}
                  {row.buyer_vat_id ? <div>{row.buyer_vat_id}</div> : null}
                </td>
                <td>{formatMoney(intl, row.gross, row.currency)}</td>
                <td>{intl.formatDate(row.issued_at, { dateStyle: 'medium' })}</td>
                <td>
                  <Button
                    small
                    icon="download"
                    aria-label={intl.formatMessage(m.download, { number: row.number })}
                    onClick={() => void download(row.order_id, row.kind, row.number)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </ScrollTable>
    </ListPage>
  );
}

export default InvoicesPage;

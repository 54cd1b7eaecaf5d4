import { Alert, Button, HTMLTable, NonIdealState, Tag, type Intent } from '@blueprintjs/core';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useOutletContext } from 'react-router';
import { api } from '../../shared/api/clients';
import { isApiError } from '../../shared/api/ApiError';
import { downloadFile } from '../../shared/api/download';
import { reasonMessage } from '../../shared/api/reasonMessages';
import type { GetEventsByEventIdWaitingListResponse } from '../../shared/api/contract.gen';
import type { RouteQuery } from '../../shared/api/routes';
import { ListPage } from '../../shared/ui/ListPage';
import { Pagination } from '../../shared/ui/Pagination';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import { useToaster } from '../../shared/ui/toaster';
import type { EventDetail } from '../events/types';
import { ExportButtons, ParamFilter, SearchToolbar, useListParams } from '../orders/ListControls';
import { isErased } from '../orders/erasedPeople';
import { ticketQueries } from '../tickets/queries';
import { hasPermission, userQueries } from '../users/queries';
import { waitingListMessages as m } from './messages';
import '../../shared/ui/account.css';

type WaitingListQuery = RouteQuery<'GET /events/{eventId}/waiting-list'>;
type Entry = GetEventsByEventIdWaitingListResponse['data'][number];

const statuses: { value: string; label: MessageDescriptor; intent: Intent }[] = [
  { value: 'WAITING', label: m.statusWaiting, intent: 'primary' },
  { value: 'OFFERED', label: m.statusOffered, intent: 'warning' },
  { value: 'CONVERTED', label: m.statusConverted, intent: 'success' },
  { value: 'EXPIRED', label: m.statusExpired, intent: 'none' },
  { value: 'REMOVED', label: m.statusRemoved, intent: 'none' },
];

export const waitingListQuery = (eventId: string, query: WaitingListQuery) =>
  queryOptions({
    queryKey: ['waitingList', eventId, query] as const,
    queryFn: ({ signal }) =>
      api.call('GET /events/{eventId}/waiting-list', { params: { eventId }, query, signal }),
  });

/** `/manage/event/{eventId}/waiting-list`: who waits for which sold-out ticket, their offers, remove and export. */
export function WaitingListPage() {
  const intl = useIntl();
  const event = useOutletContext<EventDetail>();
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const { params, update } = useListParams();
  const [confirming, setConfirming] = useState<{ action: 'remove' | 'erase'; entry: Entry } | null>(null);
  const me = useQuery(userQueries.me());
  const mayErase = hasPermission(me.data, 'account.manage');
  const status = params.get('status');
  const ticket = params.get('ticket');
  const query: WaitingListQuery = {
    ...(params.get('page') ? { page: params.get('page') ?? '1' } : {}),
    ...(params.get('query') ? { query: params.get('query') ?? '' } : {}),
    ...(status || ticket
      ? {
          filter_fields: {
            ...(status ? { status: { eq: status } } : {}),
            ...(ticket ? { ticket_id: { eq: ticket } } : {}),
          },
        }
      : {}),
  };
  const list = useQuery({ ...waitingListQuery(event.id, query), placeholderData: keepPreviousData });
  const tickets = useQuery(ticketQueries.list(event.id));
  const titleOf = (ticketId: string) =>
    tickets.data?.find((candidate) => candidate.id === ticketId)?.title ?? ticketId;
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const remove = useMutation({
    mutationFn: (entry: Entry) =>
      api.call('DELETE /events/{eventId}/waiting-list/{entryId}', {
        params: { eventId: event.id, entryId: entry.id },
      }),
    onSuccess: async (_answer, entry) => {
      toaster.success(m.removed, { name: entry.name });
      await queryClient.invalidateQueries({ queryKey: ['waitingList', event.id] });
    },
    onError: (error) => toaster.danger((isApiError(error) && reasonMessage(error.reason)) || m.actionFailed),
  });
  const offer = useMutation({
    mutationFn: (entry: Entry) =>
      api.call('POST /events/{eventId}/waiting-list/{entryId}/offer', {
        params: { eventId: event.id, entryId: entry.id },
      }),
    onSuccess: async (_answer, entry) => {
      toaster.success(m.offered, { name: entry.name });
      await queryClient.invalidateQueries({ queryKey: ['waitingList', event.id] });
    },
    onError: (error) =>
      toaster.danger(
        isApiError(error) && error.reason === 'sold_out'
          ? m.offerNotFree
          : (isApiError(error) && reasonMessage(error.reason)) || m.offerFailed,
      ),
  });
  const erase = useMutation({
    mutationFn: (entry: Entry) =>
      api.call('POST /events/{eventId}/waiting-list/{entryId}/erase-personal-data', {
        params: { eventId: event.id, entryId: entry.id },
      }),
    onSuccess: async () => {
      toaster.success(m.erasedDone);
      await queryClient.invalidateQueries({ queryKey: ['waitingList', event.id] });
    },
    onError: (error) => toaster.danger((isApiError(error) && reasonMessage(error.reason)) || m.eraseFailed),
  });
  const exportAs = (format: 'csv' | 'xlsx') => {
    const { page: _page, ...filters } = query;
    downloadFile(
      `/events/${encodeURIComponent(event.id)}/waiting-list/export`,
      { ...filters, format },
      `waiting-list-${event.id}.${format}`,
    ).catch(() => toaster.danger(m.exportFailed));
  };
  const when = (at: string | null) =>
    at ? intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' }) : '';
  return (
    <ListPage
      className="waiting-list-page"
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
              param="status"
              label={m.statusFilter}
              all={m.allStatuses}
              options={statuses.map((option) => ({
                value: option.value,
                label: intl.formatMessage(option.label),
              }))}
              params={params}
              update={update}
            />
            <ParamFilter
              param="ticket"
              label={m.ticketFilter}
              all={m.allTickets}
              options={(tickets.data ?? []).map((option) => ({ value: option.id, label: option.title }))}
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
      empty={<NonIdealState icon="time" title={intl.formatMessage(m.empty)} />}
      summary={meta ? intl.formatMessage(m.summary, { total: meta.total }) : null}
      pagination={
        <Pagination meta={meta} onChange={(next) => update({ page: String(next) })} label={m.paginationNav} />
      }
    >
      <ScrollTable label={intl.formatMessage(m.tableLabel)}>
        <HTMLTable striped aria-label={intl.formatMessage(m.tableLabel)} aria-busy={list.isPlaceholderData}>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.columnPosition)}</th>
              <th scope="col">{intl.formatMessage(m.columnName)}</th>
              <th scope="col">{intl.formatMessage(m.columnEmail)}</th>
              <th scope="col">{intl.formatMessage(m.columnTicket)}</th>
              <th scope="col">{intl.formatMessage(m.columnQuantity)}</th>
              <th scope="col">{intl.formatMessage(m.columnStatus)}</th>
              <th scope="col">{intl.formatMessage(m.columnJoined)}</th>
              <th scope="col">{intl.formatMessage(m.columnOffer)}</th>
              <th scope="col">{intl.formatMessage(m.columnActions)}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const shown = statuses.find((option) => option.value === row.status);
              const open = row.status === 'WAITING' || row.status === 'OFFERED';
              const erased = isErased(row);
              return (
                <tr key={row.id}>
                  <td>{row.position ?? '–'}</td>
                  <td>{erased ? intl.formatMessage(m.erased) : row.name}</td>
                  <td>{erased ? '–' : row.email}</td>
                  <td>{titleOf(row.ticket_id)}</td>
                  <td>{row.quantity}</td>
                  <td>
                    <Tag minimal intent={shown?.intent ?? 'none'}>
                      {shown ? intl.formatMessage(shown.label) : row.status}
                    </Tag>
                  </td>
                  <td>{when(row.joined_at)}</td>
                  <td>{row.offered_at ? `${when(row.offered_at)} / ${when(row.offer_expires_at)}` : '–'}</td>
                  <td>
                    {row.status === 'WAITING' ? (
                      <Button
                        small
                        variant="minimal"
                        icon="envelope"
                        intent="primary"
                        aria-label={intl.formatMessage(m.offer, { name: row.name })}
                        disabled={offer.isPending}
                        onClick={() => offer.mutate(row)}
                      />
                    ) : null}
                    {open ? (
                      <Button
                        small
                        icon="trash"
                        intent="danger"
                        aria-label={intl.formatMessage(m.remove, { name: row.name })}
                        disabled={remove.isPending}
                        onClick={() => setConfirming({ action: 'remove', entry: row })}
                      />
                    ) : null}
                    {!open && !erased && mayErase ? (
                      <Button
                        small
                        variant="minimal"
                        icon="eraser"
                        intent="danger"
                        aria-label={intl.formatMessage(m.erase, { name: row.name })}
                        disabled={erase.isPending}
                        onClick={() => setConfirming({ action: 'erase', entry: row })}
                      />
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </ScrollTable>
      <Alert
        isOpen={confirming !== null}
        intent="danger"
        icon={confirming?.action === 'erase' ? 'eraser' : 'trash'}
        confirmButtonText={intl.formatMessage(
          confirming?.action === 'erase' ? m.eraseConfirmButton : m.confirmButton,
        )}
        cancelButtonText={intl.formatMessage(m.keep)}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming?.action === 'remove') remove.mutate(confirming.entry);
          if (confirming?.action === 'erase') erase.mutate(confirming.entry);
          setConfirming(null);
        }}
      >
        <p>
          {confirming
            ? intl.formatMessage(confirming.action === 'erase' ? m.confirmErase : m.confirmRemove, {
                name: confirming.entry.name,
              })
            : null}
        </p>
      </Alert>
    </ListPage>
  );
}

export default WaitingListPage;

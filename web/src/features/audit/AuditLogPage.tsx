import { Button, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import { ErrorPage } from '../../shared/errors/ErrorPage';
import { ListPage } from '../../shared/ui/ListPage';
import { Pagination } from '../../shared/ui/Pagination';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import { useToaster } from '../../shared/ui/toaster';
import { hasPermission, userQueries } from '../users/queries';
import {
  auditQueries,
  downloadAuditExport,
  type AuditActor,
  type AuditEntityKind,
  type AuditEntry,
  type AuditQuery,
  type AuditType,
} from './api';
import {
  auditActorMessages as actorM,
  auditDetailMessages as detailM,
  auditEntityMessages as entityM,
  auditMessages as m,
  auditTypeMessages as typeM,
} from './messages';
import '../../shared/ui/account.css';
import './audit.css';

const ENTITY_KINDS = Object.keys(entityM) as AuditEntityKind[];
const TYPES = Object.keys(typeM) as AuditType[];
const FILTERS = ['actor', 'entity_kind', 'entity_id', 'type', 'from', 'to'] as const;

/** A day picked in the browser's own calendar, as the instant it starts (`end`: the instant the next one starts). */
function dayStart(day: string, end: boolean): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const at = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (end ? 1 : 0));
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The address bar's filters as the API's query; the days become instants of the viewer's calendar. */
export function auditQueryOf(params: URLSearchParams): AuditQuery {
  const query: AuditQuery = { page: params.get('page') ?? '1', per_page: '25' };
  for (const name of ['actor', 'entity_kind', 'entity_id', 'type'] as const) {
    const value = params.get(name);
    if (value) query[name] = value;
  }
  const from = dayStart(params.get('from') ?? '', false);
  const to = dayStart(params.get('to') ?? '', true);
  if (from) query.from = from;
  if (to) query.to = to;
  return query;
}

/** `/account/audit`: every change in the account, for its admins; organizers see that it is not theirs. */
export function AuditLogPage() {
  const me = useQuery(userQueries.me());
  if (me.isPending) return <Spinner size={24} />;
  if (me.isError) return <ErrorPage status={isApiError(me.error) ? me.error.status : 500} />;
  if (!hasPermission(me.data, 'audit.read')) return <ErrorPage status={403} />;
  return <AuditLog />;
}

function AuditLog() {
  const intl = useIntl();
  const toaster = useToaster();
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes))
      if (value) next.set(key, value);
      else next.delete(key);
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  const query = auditQueryOf(params);
  const list = useQuery({ ...auditQueries.list(query), placeholderData: keepPreviousData });
  const actors = useQuery(auditQueries.actors());
  const entries = list.data?.data ?? [];
  const meta = list.data?.meta;
  const filtered = FILTERS.some((name) => params.has(name));
  const actorLabel = (actor: Pick<AuditActor, 'kind' | 'name'>) =>
    actor.name ?? intl.formatMessage(actorM[actor.kind]);
  const exportAs = (format: 'csv' | 'xlsx') => {
    const { page: _page, per_page: _perPage, ...filters } = query;
    downloadAuditExport(format, filters).catch(() => toaster.danger(m.exportFailed));
  };

  return (
    <ListPage
      className="audit-page"
      title={[m.pageTitle]}
      heading={<h1 className="page-header__title">{intl.formatMessage(m.heading)}</h1>}
      actions={
        <div className="audit-actions">
          <Button icon="download" text={intl.formatMessage(m.exportCsv)} onClick={() => exportAs('csv')} />
          <Button
            icon="th-derived"
            text={intl.formatMessage(m.exportXlsx)}
            onClick={() => exportAs('xlsx')}
          />
        </div>
      }
      above={
        <>
          <p className="page-intro">{intl.formatMessage(m.intro)}</p>
          <div className="audit-toolbar">
            <HTMLSelect
              aria-label={intl.formatMessage(m.actorFilter)}
              value={params.get('actor') ?? ''}
              onChange={(changed) => update({ actor: changed.target.value || null })}
              options={[
                { value: '', label: intl.formatMessage(m.allActors) },
                ...(actors.data ?? []).map((actor) => ({ value: actor.id, label: actorLabel(actor) })),
              ]}
            />
            <HTMLSelect
              aria-label={intl.formatMessage(m.entityFilter)}
              value={params.get('entity_kind') ?? ''}
              onChange={(changed) => update({ entity_kind: changed.target.value || null, entity_id: null })}
              options={[
                { value: '', label: intl.formatMessage(m.allEntities) },
                ...ENTITY_KINDS.map((kind) => ({ value: kind, label: intl.formatMessage(entityM[kind]) })),
              ]}
            />
            <HTMLSelect
              aria-label={intl.formatMessage(m.typeFilter)}
              value={params.get('type') ?? ''}
              onChange={(changed) => update({ type: changed.target.value || null })}
              options={[
                { value: '', label: intl.formatMessage(m.allTypes) },
                ...TYPES.map((type) => ({ value: type, label: intl.formatMessage(typeM[type]) })),
              ]}
            />
            <InputGroup
              className="audit-toolbar__date"
              type="date"
              aria-label={intl.formatMessage(m.from)}
              title={intl.formatMessage(m.from)}
              value={params.get('from') ?? ''}
              onChange={(changed) => update({ from: changed.target.value || null })}
            />
            <InputGroup
              className="audit-toolbar__date"
              type="date"
              aria-label={intl.formatMessage(m.to)}
              title={intl.formatMessage(m.to)}
              value={params.get('to') ?? ''}
              onChange={(changed) => update({ to: changed.target.value || null })}
            />
            {filtered ? (
              <Button
                variant="minimal"
                icon="cross"
                text={intl.formatMessage(m.clearFilters)}
                onClick={() => update(Object.fromEntries(FILTERS.map((name) => [name, null])))}
              />
            ) : null}
          </div>
        </>
      }
      query={list}
      isEmpty={list.isSuccess && entries.length === 0}
      loading={m.loading}
      loadError={m.loadFailed}
      empty={<NonIdealState icon="history" title={intl.formatMessage(m.empty)} />}
      summary={meta ? intl.formatMessage(m.summary, { total: meta.total }) : null}
      pagination={
        <Pagination meta={meta} onChange={(next) => update({ page: String(next) })} label={m.paginationNav} />
      }
    >
      <ScrollTable label={intl.formatMessage(m.tableLabel)}>
        <HTMLTable
          className={`audit-table${list.isPlaceholderData ? ' list-table--stale' : ''}`}
          striped
          aria-label={intl.formatMessage(m.tableLabel)}
          aria-busy={list.isPlaceholderData}
        >
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.columnWhen)}</th>
              <th scope="col">{intl.formatMessage(m.columnWho)}</th>
              <th scope="col">{intl.formatMessage(m.columnChange)}</th>
              <th scope="col">{intl.formatMessage(m.columnIp)}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.position} data-type={entry.type}>
                <td className="audit-table__when">
                  {intl.formatDate(entry.at, { dateStyle: 'medium', timeStyle: 'medium' })}
                </td>
                <td className="audit-table__who">{actorLabel(entry.actor)}</td>
                <td>
                  <Change
                    entry={entry}
                    onEntity={() => update({ entity_kind: entry.entity.kind, entity_id: entry.entity.id })}
                  />
                </td>
                <td className="audit-table__ip">{entry.ip ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </ScrollTable>
    </ListPage>
  );
}

/** "Ticket changed · Ticket: Early entry, in Moth Hour · Changed: price", with the role or status it names. */
function Change({ entry, onEntity }: { entry: AuditEntry; onEntity: () => void }) {
  const intl = useIntl();
  const name = entry.entity.name ?? intl.formatMessage(m.unnamed);
  const detail =
    entry.detail && entry.detail in detailM ? detailM[entry.detail as keyof typeof detailM] : null;
  const eventTitle = entry.event && entry.entity.kind !== 'event' ? entry.event.title : null;
  return (
    <div className="audit-change">
      <span className="audit-change__type">{intl.formatMessage(typeM[entry.type])}</span>
      {detail ? (
        <Tag minimal round>
          {intl.formatMessage(detail)}
        </Tag>
      ) : null}
      <Button
        variant="minimal"
        size="small"
        className="audit-change__entity"
        text={intl.formatMessage(m.entity, { kind: intl.formatMessage(entityM[entry.entity.kind]), name })}
        title={intl.formatMessage(m.showEntity, { name })}
        onClick={onEntity}
      />
      {eventTitle ? (
        <span className="audit-change__event text-muted">
          {intl.formatMessage(m.inEvent, { event: eventTitle })}
        </span>
      ) : null}
      {entry.fields.length > 0 ? (
        <span className="audit-change__fields text-muted">
          {intl.formatMessage(m.changedFields, { fields: entry.fields.join(', ') })}
        </span>
      ) : null}
    </div>
  );
}

export default AuditLogPage;

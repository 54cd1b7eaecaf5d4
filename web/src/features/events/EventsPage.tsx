import {
  Button,
  Classes,
  FormGroup,
  HTMLSelect,
  InputGroup,
  NonIdealState,
  Tab,
  Tabs,
} from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorPage } from '../../shared/errors/ErrorPage';
import { Pagination } from '../../shared/ui/Pagination';
import { useDebouncedValue } from '../../shared/useDebouncedValue';
import { OrganizersBar } from '../organizers/OrganizersBar';
import { userQueries } from '../users/queries';
import { CreateEventDialog } from './CreateEventDialog';
import { EventCard } from './EventCard';
import {
  EVENTS_STATES,
  STATUS_FILTERS,
  effectiveSort,
  formatSort,
  hasFilters,
  isSortDisabled,
  readListView,
  type EventListView,
  type EventsState,
  type Sort,
} from './listParams';
import { eventsMessages as m } from './messages';
import { eventQueries } from './queries';
import { ListPage } from '../../shared/ui/ListPage';

const TAB_LABEL: Record<EventsState, MessageDescriptor> = {
  upcoming: m.tabUpcoming,
  ongoing: m.tabOngoing,
  ended: m.tabEnded,
  archived: m.tabArchived,
};

const SORT_OPTIONS: Array<{ sort: Sort; label: MessageDescriptor }> = [
  { sort: { field: 'start_date', direction: 'asc' }, label: m.sortStartAsc },
  { sort: { field: 'start_date', direction: 'desc' }, label: m.sortStartDesc },
  { sort: { field: 'title', direction: 'asc' }, label: m.sortTitleAsc },
  { sort: { field: 'title', direction: 'desc' }, label: m.sortTitleDesc },
  { sort: { field: 'created_at', direction: 'desc' }, label: m.sortCreatedDesc },
  { sort: { field: 'created_at', direction: 'asc' }, label: m.sortCreatedAsc },
];

const STATUS_LABEL = { DRAFT: m.statusDraft, LIVE: m.statusLive } as const;

const SEARCH_DEBOUNCE_MS = 300;

/** `/manage/events/{eventsState?}`: the organizer's events by group, searchable, sortable, paged. */
export function EventsPage() {
  const { eventsState } = useParams();
  const [searchParams] = useSearchParams();
  const view = readListView(eventsState, searchParams);
  if (!view) return <ErrorPage status={404} />;
  return <EventsList view={view} basePath="/manage/events" above={<OrganizersBar />} />;
}

/** The list itself, for all events or (with `view.organizerId`) one organizer's, under `basePath/{tab}`. */
export function EventsList({
  view,
  basePath,
  heading,
  above,
}: {
  view: EventListView;
  basePath: string;
  heading?: ReactNode;
  above?: ReactNode;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [, setSearchParams] = useSearchParams();
  const ids = { search: useId(), status: useId(), sort: useId(), sortHint: useId() };
  const [creating, setCreating] = useState(false);
  const me = useQuery(userQueries.me());
  const list = useQuery(eventQueries.list(view));

  const update = (changes: Record<string, string | null>) => {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  };

  // Search as you type, without a request per keystroke.
  const [searchText, setSearchText] = useState(view.query);
  const debouncedSearch = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    // Only a settled search writes the URL; the effect deliberately depends on nothing else.
    if (debouncedSearch !== view.query) update({ query: debouncedSearch, page: null });
  }, [debouncedSearch]);

  const changeTab = (tab: EventsState) => {
    const search = view.query ? `?${new URLSearchParams({ query: view.query }).toString()}` : '';
    void navigate(`${basePath}/${tab}${search}`);
  };

  const sortDisabled = isSortDisabled(view);
  const sort = effectiveSort(view);
  const allowedSorts = list.data?.meta.allowed_sorts;
  const sortOptions = SORT_OPTIONS.filter(
    (option) => !allowedSorts || allowedSorts.includes(option.sort.field),
  );
  const meta = list.data?.meta;
  const events = list.data?.data ?? [];
  const filtered = hasFilters(view) || view.query !== '';

  return (
    <ListPage
      className="events-page"
      title={[m.pageTitle]}
      heading={heading ?? <h1 className="page-header__title">{intl.formatMessage(m.heading)}</h1>}
      actions={
        <Button
          intent="primary"
          icon="plus"
          text={intl.formatMessage(m.createEvent)}
          onClick={() => setCreating(true)}
        />
      }
      above={
        <>
          {above}
          <Tabs
            id="events-state"
            selectedTabId={view.state}
            onChange={(tab) => changeTab(tab as EventsState)}
            aria-label={intl.formatMessage(m.tabsLabel)}
            className="events-page__tabs"
          >
            {EVENTS_STATES.map((state) => (
              <Tab key={state} id={state} title={intl.formatMessage(TAB_LABEL[state])} />
            ))}
          </Tabs>
          <div className="events-toolbar" role="search">
            <FormGroup
              label={intl.formatMessage(m.searchLabel)}
              labelFor={ids.search}
              className="events-toolbar__search"
            >
              <InputGroup
                id={ids.search}
                type="search"
                leftIcon="search"
                placeholder={intl.formatMessage(m.searchPlaceholder)}
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
              />
            </FormGroup>
            {view.state !== 'archived' ? (
              <FormGroup label={intl.formatMessage(m.statusFilterLabel)} labelFor={ids.status}>
                <HTMLSelect
                  id={ids.status}
                  value={view.status ?? ''}
                  onChange={(event) => update({ status: event.target.value || null, page: null })}
                  options={[
                    { value: '', label: intl.formatMessage(m.statusFilterAll) },
                    ...STATUS_FILTERS.map((status) => ({
                      value: status,
                      label: intl.formatMessage(STATUS_LABEL[status]),
                    })),
                  ]}
                />
              </FormGroup>
            ) : null}
            <FormGroup
              label={intl.formatMessage(m.sortLabel)}
              labelFor={ids.sort}
              helperText={
                sortDisabled ? (
                  <span id={ids.sortHint}>{intl.formatMessage(m.sortDisabledHint)}</span>
                ) : undefined
              }
              disabled={sortDisabled}
            >
              <HTMLSelect
                id={ids.sort}
                value={sort ? formatSort(sort) : ''}
                disabled={sortDisabled}
                aria-describedby={sortDisabled ? ids.sortHint : undefined}
                onChange={(event) => update({ sort: event.target.value || null, page: null })}
              >
                {sortDisabled ? <option value="">—</option> : null}
                {sortOptions.map((option) => (
                  <option key={formatSort(option.sort)} value={formatSort(option.sort)}>
                    {intl.formatMessage(option.label)}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            {hasFilters(view) ? (
              <Button
                className="events-toolbar__clear"
                variant="minimal"
                icon="cross"
                text={intl.formatMessage(m.clearFilters)}
                onClick={() => update({ status: null, page: null })}
              />
            ) : null}
          </div>
        </>
      }
      region={{
        // The panel the selected tab's title controls (`aria-controls`), named after Blueprint's ids for them.
        role: 'tabpanel',
        id: `${Classes.TAB_PANEL}_events-state_${view.state}`,
        'aria-labelledby': `${Classes.TAB}-title_events-state_${view.state}`,
      }}
      query={list}
      isEmpty={list.isSuccess && events.length === 0}
      loading={m.loading}
      loadError={m.loadErrorTitle}
      summary={
        meta ? (
          <p className="list-page__summary">
            {intl.formatMessage(m.resultSummary, {
              total: meta.total,
              from: meta.from ?? 0,
              to: meta.to ?? 0,
            })}
          </p>
        ) : null
      }
      empty={
        <NonIdealState
          icon={filtered ? 'search' : 'calendar'}
          title={intl.formatMessage(m.emptyTitle)}
          description={intl.formatMessage(
            filtered ? m.emptySearch : view.state === 'upcoming' ? m.emptyUpcoming : m.emptyOther,
          )}
          action={
            !filtered && view.state === 'upcoming' ? (
              <Button
                intent="primary"
                icon="plus"
                text={intl.formatMessage(m.createEvent)}
                onClick={() => setCreating(true)}
              />
            ) : undefined
          }
        />
      }
      pagination={
        <Pagination
          meta={meta}
          disabled={list.isFetching}
          onChange={(page) => {
            update({ page: page === 1 ? null : String(page) });
            document.getElementById('main-content')?.focus();
          }}
          label={m.paginationLabel}
        />
      }
    >
      <ul className={list.isPlaceholderData ? 'event-list event-list--stale' : 'event-list'}>
        {events.map((event) => (
          <li key={event.id}>
            <EventCard event={event} />
          </li>
        ))}
      </ul>
      <CreateEventDialog
        isOpen={creating}
        onClose={() => setCreating(false)}
        defaultTimeZone={me.data?.timezone ?? null}
        defaultOrganizerId={view.organizerId}
      />
    </ListPage>
  );
}

export default EventsPage;

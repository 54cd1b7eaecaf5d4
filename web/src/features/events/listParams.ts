import type { RouteQuery } from '../../shared/api/routes';
import { DEFAULT_PAGE, DEFAULT_PER_PAGE, type SortDirection } from '../../shared/api/types';

/** The tabs of the events list, i.e. the optional `{eventsState}` route segment. */
export const EVENTS_STATES = ['upcoming', 'ongoing', 'ended', 'archived'] as const;
export type EventsState = (typeof EVENTS_STATES)[number];
export const DEFAULT_EVENTS_STATE: EventsState = 'upcoming';

export const SORT_FIELDS = ['start_date', 'title', 'created_at'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export interface Sort {
  field: SortField;
  direction: SortDirection;
}

/** The status filter offered on the upcoming / ongoing / ended tabs (archived is a tab of its own). */
export const STATUS_FILTERS = ['DRAFT', 'LIVE'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** Everything the list shows, read from the route (tab) and the URL's search params. */
export interface EventListView {
  state: EventsState;
  page: number;
  perPage: number;
  query: string;
  status: StatusFilter | null;
  /** The user's explicit choice; null means the tab's default order. */
  sort: Sort | null;
  /** `/manage/organizer/{organizerId}/events`: only that organizer's events. */
  organizerId: string | null;
}

export function isEventsState(value: string | undefined): value is EventsState {
  return value !== undefined && (EVENTS_STATES as readonly string[]).includes(value);
}

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === null) return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

export function parseSort(value: string | null): Sort | null {
  if (!value) return null;
  const [field, direction] = value.split(':');
  if (!(SORT_FIELDS as readonly string[]).includes(field ?? '')) return null;
  if (direction !== 'asc' && direction !== 'desc') return null;
  return { field: field as SortField, direction };
}

export function formatSort(sort: Sort): string {
  return `${sort.field}:${sort.direction}`;
}

/** Reads the list state; null when `{eventsState}` is not one of the tabs (the page shows 404). */
export function readListView(
  stateParam: string | undefined,
  search: URLSearchParams,
  organizerId: string | null = null,
): EventListView | null {
  const state = stateParam === undefined ? DEFAULT_EVENTS_STATE : stateParam;
  if (!isEventsState(state)) return null;
  const status = search.get('status');
  return {
    state,
    page: positiveInt(search.get('page'), DEFAULT_PAGE),
    perPage: positiveInt(search.get('per_page'), DEFAULT_PER_PAGE, 100),
    query: search.get('query')?.trim() ?? '',
    status:
      state !== 'archived' && (STATUS_FILTERS as readonly string[]).includes(status ?? '')
        ? (status as StatusFilter)
        : null,
    sort: parseSort(search.get('sort')),
    organizerId,
  };
}

/** Upcoming and ongoing events read soonest first; ended and archived ones most recent first. */
export function defaultSort(state: EventsState): Sort {
  return state === 'upcoming' || state === 'ongoing'
    ? { field: 'start_date', direction: 'asc' }
    : { field: 'start_date', direction: 'desc' };
}

/**
 * Spec section 5: "Sorting is disabled while filters are applied."
 *
 * The tab is how the list is organised, not a filter the user applied, so every tab can be sorted. Filters
 * are the extra narrowing the user chooses on top of a tab — the status filter. While one is applied the sort
 * control is disabled and the list comes in the server's default order.
 */
export function isSortDisabled(view: EventListView): boolean {
  return view.status !== null;
}

export function hasFilters(view: EventListView): boolean {
  return view.status !== null;
}

/** The sort actually in force, or null when sorting is disabled. */
export function effectiveSort(view: EventListView): Sort | null {
  if (isSortDisabled(view)) return null;
  return view.sort ?? defaultSort(view.state);
}

/**
 * The `GET /api/events` query for a view. Tabs map to filter fields: `archived` is `status = ARCHIVED`; the
 * others are a lifecycle (derived from dates) among events that are not archived (`status ne ARCHIVED`), or
 * of one status when the status filter is applied.
 */
export function toApiQuery(view: EventListView): RouteQuery<'GET /events'> {
  const sort = effectiveSort(view);
  const filterFields: NonNullable<RouteQuery<'GET /events'>['filter_fields']> =
    view.state === 'archived'
      ? { status: { eq: 'ARCHIVED' } }
      : {
          lifecycle: { eq: view.state },
          status: view.status ? { eq: view.status } : { ne: 'ARCHIVED' },
        };
  if (view.organizerId) filterFields.organizer_id = { eq: view.organizerId };
  return {
    page: view.page,
    per_page: view.perPage,
    query: view.query || undefined,
    sort_by: sort?.field,
    sort_direction: sort?.direction,
    filter_fields: filterFields,
  };
}

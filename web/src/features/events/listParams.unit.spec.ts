import { describe, expect, it } from 'vitest';
import { toQueryString } from '../../shared/api/http';
import { effectiveSort, isSortDisabled, readListView, toApiQuery } from './listParams';

const view = (state: string | undefined, search = '') => readListView(state, new URLSearchParams(search));

describe('the events list reads its tab and options from the URL', () => {
  it('defaults to the upcoming tab, page 1, 20 per page (spec section 9)', () => {
    expect(view(undefined)).toEqual({
      state: 'upcoming',
      page: 1,
      perPage: 20,
      query: '',
      status: null,
      sort: null,
      organizerId: null,
    });
  });

  it('rejects an unknown tab', () => {
    expect(view('someday')).toBeNull();
  });

  it('ignores nonsense page numbers and sort values', () => {
    expect(view('ended', 'page=-3&sort=price:up')).toMatchObject({ page: 1, sort: null });
    expect(view('ended', 'page=4&sort=title:desc')).toMatchObject({
      page: 4,
      sort: { field: 'title', direction: 'desc' },
    });
  });

  it('has no status filter on the archived tab', () => {
    expect(view('archived', 'status=LIVE')?.status).toBeNull();
  });
});

describe('sorting is disabled while filters are applied', () => {
  it('sorts an unfiltered tab by the chosen order, else by the tab default', () => {
    const upcoming = view('upcoming');
    const ended = view('ended');
    const chosen = view('upcoming', 'sort=title:asc');
    if (!upcoming || !ended || !chosen) throw new Error('views');
    expect(effectiveSort(upcoming)).toEqual({ field: 'start_date', direction: 'asc' });
    expect(effectiveSort(ended)).toEqual({ field: 'start_date', direction: 'desc' });
    expect(effectiveSort(chosen)).toEqual({ field: 'title', direction: 'asc' });
  });

  it('sends no sort while the status filter is applied, even if one is in the URL', () => {
    const filtered = view('upcoming', 'status=LIVE&sort=title:asc');
    if (!filtered) throw new Error('view');
    expect(isSortDisabled(filtered)).toBe(true);
    const query = toApiQuery(filtered);
    expect(query.sort_by).toBeUndefined();
    expect(query.sort_direction).toBeUndefined();
  });

  it('a search query alone is not a filter', () => {
    const searched = view('upcoming', 'query=jazz');
    if (!searched) throw new Error('view');
    expect(isSortDisabled(searched)).toBe(false);
  });
});

describe('tabs become filter fields in the API query', () => {
  it('upcoming: lifecycle upcoming among events that are not archived', () => {
    const v = view(undefined, 'query=jazz&page=2');
    if (!v) throw new Error('view');
    expect(decodeURIComponent(toQueryString(toApiQuery(v)))).toBe(
      '?page=2&per_page=20&query=jazz&sort_by=start_date&sort_direction=asc' +
        '&filter_fields[lifecycle][eq]=upcoming&filter_fields[status][ne]=ARCHIVED',
    );
  });

  it('a status filter replaces the not-archived condition', () => {
    const v = view('ongoing', 'status=DRAFT');
    if (!v) throw new Error('view');
    expect(toApiQuery(v).filter_fields).toEqual({ lifecycle: { eq: 'ongoing' }, status: { eq: 'DRAFT' } });
  });

  it("an organizer's list filters by its id on every tab", () => {
    const v = readListView('archived', new URLSearchParams(), 'or_harbour1');
    if (!v) throw new Error('view');
    expect(toApiQuery(v).filter_fields).toEqual({
      status: { eq: 'ARCHIVED' },
      organizer_id: { eq: 'or_harbour1' },
    });
  });

  it('archived: status ARCHIVED whatever the dates', () => {
    const v = view('archived');
    if (!v) throw new Error('view');
    expect(toApiQuery(v).filter_fields).toEqual({ status: { eq: 'ARCHIVED' } });
  });
});

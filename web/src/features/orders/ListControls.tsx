import { Button, HTMLSelect, InputGroup, Spinner } from '@blueprintjs/core';
import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../shared/useDebouncedValue';
import { ordersMessages } from './messages';

/** How long typing must pause before the list searches. */
export const SEARCH_DELAY_MS = 300;

/**
 * The orders and attendees lists keep their search, filters and page in the address bar (a reload or a shared
 * link keeps them). `update` sets or clears parameters; any change but the page's goes back to page one.
 * `replace` changes the address without a new history entry (the search as it is typed).
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>, options: { replace?: boolean } = {}) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes))
      if (value) next.set(key, value);
      else next.delete(key);
    if (!('page' in changes)) next.delete('page');
    if (next.toString() === params.toString()) return;
    setParams(next, { replace: options.replace ?? false });
  };
  return { params, update };
}

/**
 * A filter of the list kept in the address bar under `param`: "all" (the parameter cleared) or one of `options`.
 */
export function ParamFilter({
  param,
  label,
  all,
  options,
  params,
  update,
}: {
  param: string;
  label: MessageDescriptor;
  all: MessageDescriptor;
  options: readonly { value: string; label: string }[];
  params: URLSearchParams;
  update: (changes: Record<string, string | null>) => void;
}) {
  const intl = useIntl();
  return (
    <HTMLSelect
      aria-label={intl.formatMessage(label)}
      value={params.get(param) ?? ''}
      onChange={(changed) => update({ [param]: changed.target.value || null })}
      options={[{ value: '', label: intl.formatMessage(all) }, ...options]}
    />
  );
}

/**
 * The list's search box followed by the list's own filters. It searches as you type, once typing pauses
 * (Enter searches at once); while a search is pending or loading it says so, beside the box and to screen
 * readers, and the list marks its rows as not yet the answer.
 */
export function SearchToolbar({
  label,
  params,
  update,
  loading,
  children,
}: {
  label: MessageDescriptor;
  params: URLSearchParams;
  update: (changes: Record<string, string | null>, options?: { replace?: boolean }) => void;
  /** The list is fetching an answer (for the search or anything else). */
  loading: boolean;
  children: ReactNode;
}) {
  const intl = useIntl();
  const applied = params.get('query') ?? '';
  const [search, setSearch] = useState(applied);
  const typed = search.trim();
  const settled = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const latest = useRef({ applied, update });
  latest.current = { applied, update };
  useEffect(() => {
    if (settled !== latest.current.applied)
      latest.current.update({ query: settled || null }, { replace: true });
  }, [settled]);
  // The address changed from elsewhere (back, a link): the box follows it.
  // Only when the address does: typing is never undone.
  useEffect(() => {
    setSearch((current) => (current.trim() === applied ? current : applied));
  }, [applied]);
  const searching = typed !== applied || (loading && applied !== '');
  const statusId = useId();
  return (
    <form
      className="orders-toolbar"
      role="search"
      onSubmit={(submitted) => {
        submitted.preventDefault();
        update({ query: typed || null });
      }}
    >
      <InputGroup
        type="search"
        leftIcon="search"
        aria-label={intl.formatMessage(label)}
        aria-describedby={statusId}
        placeholder={intl.formatMessage(label)}
        value={search}
        onChange={(changed) => setSearch(changed.target.value)}
        rightElement={searching ? <Spinner size={16} className="orders-toolbar__spinner" /> : undefined}
      />
      <span id={statusId} className="orders-toolbar__status" role="status" aria-live="polite">
        {searching ? intl.formatMessage(ordersMessages.searching) : ''}
      </span>
      {children}
    </form>
  );
}

/**
 * A row that opens its item wherever it is clicked (the reference's button stays the keyboard's way in). Clicks
 * on the row's own controls and a drag that selects text do not open it.
 */
export function openOnRowClick(open: () => void) {
  return (event: MouseEvent<HTMLTableRowElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('button, a, input, select, textarea, label')) return;
    if ((window.getSelection()?.toString() ?? '') !== '') return;
    open();
  };
}

/** Export of what the list shows (its filters, every page) as CSV or XLSX. */
export function ExportButtons({ onExport }: { onExport: (format: 'csv' | 'xlsx') => void }) {
  const intl = useIntl();
  return (
    <>
      <Button
        icon="download"
        text={intl.formatMessage(ordersMessages.exportCsv)}
        onClick={() => onExport('csv')}
      />
      <Button
        icon="th-derived"
        text={intl.formatMessage(ordersMessages.exportXlsx)}
        onClick={() => onExport('xlsx')}
      />
    </>
  );
}

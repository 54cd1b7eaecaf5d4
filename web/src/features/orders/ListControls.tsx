import { Button, InputGroup } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ordersMessages } from './messages';

/**
 * The orders and attendees lists keep their search, filters and page in the address bar (a reload or a shared
 * link keeps them). `update` sets or clears parameters; any change but the page's goes back to page one.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes))
      if (value) next.set(key, value);
      else next.delete(key);
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  return { params, update };
}

/** The list's search box (applied on Enter or when it loses focus) followed by the list's own filters. */
export function SearchToolbar({
  label,
  params,
  update,
  children,
}: {
  label: MessageDescriptor;
  params: URLSearchParams;
  update: (changes: Record<string, string | null>) => void;
  children: ReactNode;
}) {
  const intl = useIntl();
  const [search, setSearch] = useState(params.get('query') ?? '');
  return (
    <form
      className="orders-toolbar"
      role="search"
      onSubmit={(submitted) => {
        submitted.preventDefault();
        update({ query: search.trim() || null });
      }}
    >
      <InputGroup
        type="search"
        leftIcon="search"
        aria-label={intl.formatMessage(label)}
        placeholder={intl.formatMessage(label)}
        value={search}
        onChange={(changed) => setSearch(changed.target.value)}
        onBlur={() => update({ query: search.trim() || null })}
      />
      {children}
    </form>
  );
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

import { Button, Callout, Spinner } from '@blueprintjs/core';
import type { HTMLAttributes, ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { isApiError } from '../api/ApiError';
import { uiMessages } from './messages';
import { PageTitle, type TitlePart } from './PageTitle';

/** What a list page needs to know of its query (a TanStack `useQuery` result fits). */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The frame of every list screen: title and actions, what sits above the list (intro, tabs, search), then
 * one of loading, failed (with a retry), empty or the list itself, and the pagination below. Loading, the
 * summary and the empty state are announced politely to screen readers.
 */
export function ListPage({
  className,
  title,
  heading,
  actions,
  above,
  query,
  isEmpty,
  loading,
  loadError,
  empty,
  summary,
  pagination,
  region,
  children,
}: {
  className: string;
  /** The document title's parts (the shop's name is added). */
  title: readonly TitlePart[];
  heading: ReactNode;
  actions?: ReactNode;
  /** Between the header and the list: intro, tabs, toolbar. */
  above?: ReactNode;
  query: ListQueryState;
  isEmpty: boolean;
  loading: MessageDescriptor;
  loadError: MessageDescriptor;
  /** Shown when the list loaded and holds nothing (say whether a search or filter caused it). */
  empty: ReactNode;
  /** A line above the list, e.g. "1–20 of 54". */
  summary?: ReactNode;
  pagination?: ReactNode;
  /** Attributes of the element holding the results, e.g. the tab panel that tabs in `above` control. */
  region?: HTMLAttributes<HTMLDivElement>;
  children: ReactNode;
}) {
  const intl = useIntl();
  const loaded = !query.isPending && !query.isError;
  return (
    <div className={`list-page ${className}`}>
      <PageTitle parts={title} />
      <div className="page-header">
        {heading}
        {actions}
      </div>
      {above}
      <div {...region}>
        <div aria-live="polite" aria-busy={query.isFetching} className="list-page__status">
          {query.isPending ? (
            <div className="list-page__loading">
              <Spinner size={24} aria-hidden />
              <span>{intl.formatMessage(loading)}</span>
            </div>
          ) : loaded && !isEmpty ? (
            summary
          ) : null}
          {loaded && isEmpty ? empty : null}
        </div>
        {query.isError ? (
          <Callout
            intent="danger"
            title={intl.formatMessage(loadError)}
            role="alert"
            className="form-callout"
          >
            <p>
              {isApiError(query.error) && query.error.isNetworkError
                ? intl.formatMessage(uiMessages.offline)
                : intl.formatMessage(uiMessages.unexpectedError)}
            </p>
            <Button
              icon="refresh"
              text={intl.formatMessage(uiMessages.retry)}
              onClick={() => void query.refetch()}
            />
          </Callout>
        ) : null}
        {!query.isPending && !isEmpty ? children : null}
        {pagination}
      </div>
    </div>
  );
}

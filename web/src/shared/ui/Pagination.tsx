import { Button, ButtonGroup } from '@blueprintjs/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { uiMessages } from './messages';
import { pageWindow } from './pageWindow';

/** A list's page links from the list's `meta` (nothing while it loads, or when everything fits on one page). */
export function Pagination({
  meta,
  onChange,
  label,
  disabled,
}: {
  meta: { current_page: number; last_page: number } | undefined;
  onChange: (page: number) => void;
  /** What the pages are of, for screen readers: "Pages of users". */
  label: MessageDescriptor;
  disabled?: boolean;
}) {
  const intl = useIntl();
  if (!meta || meta.last_page <= 1) return null;
  const { current_page: page, last_page: lastPage } = meta;
  return (
    <nav aria-label={intl.formatMessage(label)} className="pagination">
      <ButtonGroup>
        <Button
          icon="chevron-left"
          text={intl.formatMessage(uiMessages.paginationPrevious)}
          disabled={disabled || page <= 1}
          onClick={() => onChange(page - 1)}
        />
        {pageWindow(page, lastPage).map((p, index) =>
          p === null ? (
            <Button key={`gap-${index}`} disabled text="…" aria-hidden="true" tabIndex={-1} />
          ) : (
            <Button
              key={p}
              text={String(p)}
              active={p === page}
              intent={p === page ? 'primary' : 'none'}
              aria-current={p === page ? 'page' : undefined}
              aria-label={intl.formatMessage(uiMessages.paginationPage, { page: p })}
              disabled={disabled}
              onClick={() => onChange(p)}
            />
          ),
        )}
        <Button
          endIcon="chevron-right"
          text={intl.formatMessage(uiMessages.paginationNext)}
          disabled={disabled || page >= lastPage}
          onClick={() => onChange(page + 1)}
        />
      </ButtonGroup>
    </nav>
  );
}

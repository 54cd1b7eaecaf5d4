import { Button, ButtonGroup } from '@blueprintjs/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { uiMessages } from './messages';
import { pageWindow } from './pageWindow';

export function Pagination({
  page,
  lastPage,
  onChange,
  label,
  disabled,
}: {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  /** What the pages are of, for screen readers: "Pages of users". */
  label: MessageDescriptor;
  disabled?: boolean;
}) {
  const intl = useIntl();
  if (lastPage <= 1) return null;
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

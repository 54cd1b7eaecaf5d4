import { Button, ButtonGroup } from '@blueprintjs/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { pageWindow } from './pageWindow';

export interface PaginationLabels {
  nav: MessageDescriptor;
  previous: MessageDescriptor;
  next: MessageDescriptor;
  page: MessageDescriptor;
}

export function Pagination({
  page,
  lastPage,
  onChange,
  labels,
  disabled,
}: {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  labels: PaginationLabels;
  disabled?: boolean;
}) {
  const intl = useIntl();
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={intl.formatMessage(labels.nav)} className="pagination">
      <ButtonGroup>
        <Button
          icon="chevron-left"
          text={intl.formatMessage(labels.previous)}
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
              aria-label={intl.formatMessage(labels.page, { page: p })}
              disabled={disabled}
              onClick={() => onChange(p)}
            />
          ),
        )}
        <Button
          endIcon="chevron-right"
          text={intl.formatMessage(labels.next)}
          disabled={disabled || page >= lastPage}
          onClick={() => onChange(page + 1)}
        />
      </ButtonGroup>
    </nav>
  );
}

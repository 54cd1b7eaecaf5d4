import { useId } from 'react';
import { useIntl } from 'react-intl';
import { uiMessages } from './messages';

/**
 * The product mark: a ticket with punched notches and a star. Plain SVG and no Blueprint, so the light public
 * pages and the error page can show it. `currentColor` drives the wordmark, the ticket uses the brand blue.
 */
export function LogoMark({ size = 32, title }: { size?: number; title?: string }) {
  const titleId = useId();
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={title ? 'img' : undefined}
      aria-labelledby={title ? titleId : undefined}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      {title ? <title id={titleId}>{title}</title> : null}
      <path
        fill="#2d72d2"
        d="M5 6h22a2 2 0 0 1 2 2v5a3 3 0 0 0 0 6v5a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-5a3 3 0 0 0 0-6V8a2 2 0 0 1 2-2Z"
      />
      <path
        stroke="#ffffff"
        strokeOpacity="0.55"
        strokeWidth="1.2"
        strokeDasharray="1.6 1.6"
        d="M21.5 8.5v15"
      />
      <path
        fill="#ffffff"
        d="m12.5 10.2 1.55 3.14 3.47.5-2.51 2.45.59 3.45-3.1-1.63-3.1 1.63.59-3.45-2.51-2.45 3.47-.5Z"
      />
    </svg>
  );
}

/** Mark plus wordmark. */
export function Logo({ size = 32, className }: { size?: number; className?: string }) {
  const intl = useIntl();
  return (
    <span className={['app-logo', className].filter(Boolean).join(' ')}>
      <LogoMark size={size} title={intl.formatMessage(uiMessages.logoLabel)} />
      <span className="app-logo__name" aria-hidden="true">
        {intl.formatMessage(uiMessages.productName)}
      </span>
    </span>
  );
}

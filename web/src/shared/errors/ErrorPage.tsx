import { useIntl } from 'react-intl';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../api/ApiError';
import { Logo } from '../ui/Logo';
import { errorMessages } from './messages';
import { PageTitle } from '../ui/PageTitle';

type Kind = 'not-found' | 'forbidden' | 'offline' | 'generic';

function classify(error: unknown, status: number | undefined): { kind: Kind; status: number | undefined } {
  if (status !== undefined) return { kind: kindForStatus(status), status };
  if (isRouteErrorResponse(error)) return { kind: kindForStatus(error.status), status: error.status };
  if (isApiError(error)) {
    if (error.isNetworkError) return { kind: 'offline', status: undefined };
    return { kind: kindForStatus(error.status), status: error.status };
  }
  return { kind: 'generic', status: undefined };
}

function kindForStatus(status: number): Kind {
  if (status === 404) return 'not-found';
  if (status === 403) return 'forbidden';
  return 'generic';
}

const TEXT = {
  'not-found': { title: errorMessages.notFoundTitle, description: errorMessages.notFoundDescription },
  forbidden: { title: errorMessages.forbiddenTitle, description: errorMessages.forbiddenDescription },
  offline: { title: errorMessages.genericTitle, description: errorMessages.offlineDescription },
  generic: { title: errorMessages.genericTitle, description: errorMessages.genericDescription },
} as const;

/**
 * The spec's error page: product logo, a title, a description and a link back to the site root. A 404 reads
 * "not found", anything else reads as a generic failure. Plain CSS, no Blueprint: it is the error element of
 * every route, the public ones included.
 *
 * Rendered by the router as an `errorElement` (reads the route error) or directly with `status` for the
 * catch-all route.
 */
export function ErrorPage({ status: forcedStatus }: { status?: number }) {
  const intl = useIntl();
  const error = useRouteError();
  const { kind, status } = classify(error, forcedStatus);
  const text = TEXT[kind];
  if (kind === 'generic' && error !== undefined && import.meta.env.DEV) console.error(error);
  const title = intl.formatMessage(text.title);
  return (
    <div className="error-page" role="alert" aria-labelledby="error-page-title">
      <PageTitle parts={[title]} />
      <Logo size={40} className="error-page__logo" />
      {status !== undefined && kind !== 'generic' ? (
        <p className="error-page__status">{intl.formatMessage(errorMessages.statusCode, { status })}</p>
      ) : null}
      <h1 id="error-page-title" className="error-page__title">
        {title}
      </h1>
      <p className="error-page__description">{intl.formatMessage(text.description)}</p>
      {/* A full load of "/" resets whatever state failed and lets the server pick the home page. */}
      <Link to="/" reloadDocument className="error-page__home">
        {intl.formatMessage(errorMessages.backHome)}
      </Link>
    </div>
  );
}

/** The catch-all `*` route. */
export function NotFoundPage() {
  return <ErrorPage status={404} />;
}

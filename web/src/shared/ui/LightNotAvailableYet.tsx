import { useIntl, type MessageDescriptor } from 'react-intl';
import { uiMessages } from './messages';
import { PageTitle } from './PageTitle';

/**
 * The same "not available yet" state for the light public pages (widget, checkout, order, ticket), styled
 * without Blueprint so buyers' phones do not download the admin's weight. Uses NonIdealState's layout.
 */
export function LightNotAvailableYet({ feature }: { feature?: MessageDescriptor }) {
  const intl = useIntl();
  const title = intl.formatMessage(uiMessages.notAvailableTitle);
  return (
    <div className="light-non-ideal" role="status">
      <PageTitle parts={[feature, title]} />
      <svg className="light-non-ideal__icon" viewBox="0 0 24 24" width="48" height="48" aria-hidden="true">
        <path
          fill="currentColor"
          d="M22.6 18.6 13.5 9.5c.9-2.3.4-5-1.5-6.9-2-2-5-2.4-7.4-1.3l4.3 4.3-3 3-4.4-4.3C.4 6.7.9 9.7 2.9 11.7c1.9 1.9 4.6 2.4 6.9 1.5l9.1 9.1c.4.4 1 .4 1.4 0l2.3-2.3c.4-.4.4-1 0-1.4Z"
        />
      </svg>
      <h2 className="light-non-ideal__title">{title}</h2>
      <p className="light-non-ideal__description">
        {feature
          ? intl.formatMessage(uiMessages.notAvailableDescription, { feature: intl.formatMessage(feature) })
          : intl.formatMessage(uiMessages.notAvailableGeneric)}
      </p>
    </div>
  );
}

export default LightNotAvailableYet;

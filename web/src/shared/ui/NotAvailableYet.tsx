import { NonIdealState } from '@blueprintjs/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { uiMessages } from './messages';
import { PageTitle } from './PageTitle';

/**
 * What a route whose feature is not built yet shows, inside the Blueprint-styled areas (manage, account, auth,
 * check-in). `feature` names the screen, e.g. "Attendees".
 */
export function NotAvailableYet({ feature }: { feature?: MessageDescriptor }) {
  const intl = useIntl();
  const title = intl.formatMessage(uiMessages.notAvailableTitle);
  return (
    <div className="not-available" role="status">
      <PageTitle parts={[feature, title]} />
      <NonIdealState
        icon="build"
        title={title}
        description={
          feature
            ? intl.formatMessage(uiMessages.notAvailableDescription, { feature: intl.formatMessage(feature) })
            : intl.formatMessage(uiMessages.notAvailableGeneric)
        }
      />
    </div>
  );
}

export default NotAvailableYet;

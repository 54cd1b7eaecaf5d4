import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LogoMark } from '../../shared/ui/Logo';
import { homeMessages as m } from './messages';
import { PageTitle } from '../../shared/ui/PageTitle';

/** Landing page when `/` has no sample event to redirect to. */
export function HomePage() {
  const intl = useIntl();
  return (
    <main className="public-page public-page--centered" id="main-content">
      <PageTitle parts={[]} />
      <div className="light-non-ideal">
        <LogoMark size={48} />
        <h1 className="light-non-ideal__title">{intl.formatMessage(m.heading)}</h1>
        <p className="light-non-ideal__description">{intl.formatMessage(m.description)}</p>
        <Link to="/auth/login" className="public-button">
          {intl.formatMessage(m.login)}
        </Link>
      </div>
    </main>
  );
}

export default HomePage;

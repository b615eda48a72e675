import '../i18n';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Alert } from '../../../lib/form-field';
import { usePageTitle } from '../../../lib/page-title';
import { PageSpinner } from '../components/page-spinner';
import { authActions } from '../auth-slice';

/** /auth/logout: POST logout, clear storage, say so. */
export default function LogoutPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('logout.heading'));
  const dispatch = useAppDispatch();
  const { loading, userLogout, error } = useAppSelector((state) => state.auth);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    dispatch(authActions.logout());
  }, [dispatch]);

  const done = !loading && (userLogout || error !== null);
  return (
    <>
      {done ? (
        <>
          <h1 className="h3 mb-3">{t('logout.heading')}</h1>
          {error && <Alert kind="danger">{error.message}</Alert>}
          <p>{t('logout.intro')}</p>
          <Link to="/auth/login">{t('logout.again')}</Link>
        </>
      ) : (
        <>
          <h1 className="h3 mb-3">{t('logout.pending')}</h1>
          <PageSpinner />
        </>
      )}
    </>
  );
}

import '../i18n';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { PageSpinner } from '../components/page-spinner';
import { authActions } from '../auth-slice';

/** /jwt-token: fetch user/me (with ?token= if given), store userData, go to /. */
export default function JwtTokenPage() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const token = params.get('token') ?? undefined;
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    dispatch(authActions.tokenLogin({ token }));
  }, [dispatch, token]);
  return (
    <main className="container py-5">
      <h1 className="h4">{t('jwt.heading')}</h1>
      <PageSpinner />
    </main>
  );
}

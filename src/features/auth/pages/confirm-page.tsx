import '../i18n';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Alert } from '../../../lib/form-field';
import { usePageTitle } from '../../../lib/page-title';
import { PageSpinner } from '../components/page-spinner';
import { authHolders } from '../auth-slice';

const { confirmEmail } = authHolders;

/** /auth/confirm?token=: POST confirm/ once and show the server's message. */
export default function ConfirmPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('confirm.heading'));
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const holder = useAppSelector((state) => state.holders.confirmEmail);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    dispatch(confirmEmail.actions.reset());
    if (token) dispatch(confirmEmail.actions.requested({ token }));
  }, [dispatch, token]);

  let body;
  if (!token) body = <Alert kind="danger">{t('confirm.missingToken')}</Alert>;
  else if (holder.data) body = <Alert kind="success">{holder.data.message}</Alert>;
  else if (holder.error) body = <Alert kind="danger">{holder.error.message}</Alert>;
  else body = <PageSpinner />;

  return (
    <>
      <h1 className="h3 mb-4">{t('confirm.heading')}</h1>
      {body}
      <Link to="/auth/login">{t('common.logIn')}</Link>
    </>
  );
}

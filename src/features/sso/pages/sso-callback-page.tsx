import '../i18n';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import { PageSpinner } from '../../auth/components/page-spinner';
import { ssoHolders } from '../sso-slice';

/**
 * /auth/sso?code=...: where the server's callback sends the browser once the provider signed the
 * user in. The one-time code is exchanged for a session at once and dropped from the address.
 */
export default function SsoCallbackPage() {
  const { t } = useTranslation('sso');
  usePageTitle(t('callback.heading'));
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const exchange = useAppSelector((state) => state.holders.ssoExchange);
  const sent = useRef(false);
  // Read once: the address loses it at once.
  const [code] = useState(() => params.get('code'));

  useEffect(() => {
    if (sent.current || !code) return;
    sent.current = true;
    dispatch(ssoHolders.ssoExchange.actions.requested(code));
    setParams({}, { replace: true });
  }, [code, dispatch, setParams]);
  useEffect(() => () => void dispatch(ssoHolders.ssoExchange.actions.reset()), [dispatch]);

  if (exchange.error || !code) {
    return (
      <>
        <h1 className="h3 mb-3">{t('callback.failed')}</h1>
        <div className="alert alert-danger" role="alert">
          {exchange.error?.message || t('callback.noCode')}
        </div>
        <Link to="/auth/login">{t('callback.back')}</Link>
      </>
    );
  }
  return (
    <>
      <h1 className="h3 mb-3">{t('callback.heading')}</h1>
      <PageSpinner />
    </>
  );
}

import '../i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import { RecoveryCodes, TwoStepSetup } from '../../profile/components/two-step';
import { profileHolders } from '../../profile/profile-slice';
import { authActions } from '../auth-slice';

/**
 * /auth/two-step-setup: right after the password, for an agent or admin who must use two-step
 * sign-in and has not set it up (the server refuses their session everything else until then).
 */
export default function TwoStepSetupPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('twoStepSetup.heading'));
  const dispatch = useAppDispatch();
  const confirmed = useAppSelector((state) => state.holders.twoStepConfirm.data);

  useEffect(
    () => () => {
      dispatch(profileHolders.twoStepSetup.actions.reset());
      dispatch(profileHolders.twoStepConfirm.actions.reset());
    },
    [dispatch],
  );

  return (
    <>
      <h1 className="h3 mb-1">{t('twoStepSetup.heading')}</h1>
      {confirmed ? (
        <RecoveryCodes
          codes={confirmed.recovery_codes}
          onDone={() => dispatch(authActions.tokenLogin({}))}
        />
      ) : (
        <>
          <p className="text-body-secondary mb-4">{t('twoStepSetup.intro')}</p>
          <TwoStepSetup autoStart />
        </>
      )}
      <div className="mt-4">
        <Link to="/auth/logout">{t('twoStepSetup.signOut')}</Link>
      </div>
    </>
  );
}

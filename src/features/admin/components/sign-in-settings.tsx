import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Alert, generalError } from '../../../lib/form-field';
import { adminHolders } from '../admin-slice';

const H = adminHolders;

/** "Require two-step sign-in for agents and administrators": one switch, saved at once. */
export function SignInSettings() {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const settings = useAppSelector((state) => state.holders.signInSettings);
  const saving = useAppSelector((state) => state.holders.saveSignInSettings);

  useEffect(() => {
    dispatch(H.signInSettings.actions.requested());
  }, [dispatch]);

  const required = settings.data?.require_two_step_staff ?? false;
  const message = generalError(saving.error);
  return (
    <section className="card mb-4" aria-labelledby="sign-in-settings-heading">
      <div className="card-body">
        <h2 id="sign-in-settings-heading" className="h5 mb-3">
          {t('signIn.heading')}
        </h2>
        {settings.error && !settings.data && <Alert kind="danger">{t('signIn.loadError')}</Alert>}
        {message && <Alert kind="danger">{message}</Alert>}
        <div className="form-check form-switch">
          <input
            id="require-two-step"
            className="form-check-input"
            type="checkbox"
            role="switch"
            checked={required}
            disabled={!settings.data || saving.loading}
            aria-describedby="require-two-step-hint"
            onChange={(e) =>
              dispatch(
                H.saveSignInSettings.actions.requested({
                  require_two_step_staff: e.target.checked,
                }),
              )
            }
          />
          <label className="form-check-label" htmlFor="require-two-step">
            {t('signIn.requireTwoStep')}
          </label>
          <div id="require-two-step-hint" className="form-text">
            {t('signIn.requireTwoStepHint')}
          </div>
        </div>
      </div>
    </section>
  );
}

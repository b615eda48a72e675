// The login page's single sign-on parts: one button per active provider, and the provider an
// address's domain signs in with (docs/sign-in.md, "Single sign-on").
import './i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ssoHolders } from './sso-slice';
import { startUrl } from './types';

/** Leaves the SPA for the provider (a full navigation: the server redirects onwards). */
export function goToProvider(id: number): void {
  window.location.assign(startUrl(id));
}

/** One button per active provider, under the password form. */
export function SsoButtons() {
  const { t } = useTranslation('sso');
  const dispatch = useAppDispatch();
  const providers = useAppSelector((state) => state.holders.loginProviders);
  useEffect(() => {
    dispatch(ssoHolders.loginProviders.actions.requested());
  }, [dispatch]);
  const list = providers.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className="mt-4" aria-labelledby="sso-heading">
      <h2 id="sso-heading" className="h6 text-body-secondary">
        {t('login.or')}
      </h2>
      <div className="d-grid gap-2">
        {list.map((p) => (
          <a key={p.id} className="btn btn-outline-primary" href={startUrl(p.id)}>
            {t('login.continueWith', { label: p.label })}
          </a>
        ))}
      </div>
    </section>
  );
}

/**
 * The provider the typed address must sign in with, asked when the address is complete; null
 * while none (the password then). `passwordAllowed` (`?password=1`, the way back from a provider
 * that is down) keeps the password.
 */
export function useDomainProvider(
  email: string,
  complete: boolean,
  passwordAllowed: boolean,
): { id: number; label: string } | null {
  const dispatch = useAppDispatch();
  const lookup = useAppSelector((state) => state.holders.ssoLookup);
  const address = email.trim().toLowerCase();
  const domain = complete ? (address.split('@').pop() ?? '') : '';
  useEffect(() => {
    if (passwordAllowed) return;
    if (domain) dispatch(ssoHolders.ssoLookup.actions.requested(address));
    else dispatch(ssoHolders.ssoLookup.actions.reset());
    // Asked again only when the domain changes, not at every letter of the name.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [domain, passwordAllowed, dispatch]);
  useEffect(() => () => void dispatch(ssoHolders.ssoLookup.actions.reset()), [dispatch]);
  if (passwordAllowed || !domain) return null;
  return lookup.data?.provider ?? null;
}

import '../i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useConfirm } from '../../../lib/confirm-dialog';
import { formatDateTimeLocal } from '../../../lib/dates';
import { HolderView } from '../../records/components/states';
import type { SignedInSession } from '../api';
import { profileHolders } from '../profile-slice';

const H = profileHolders;

/** The profile's "Signed-in sessions": browser, address, last active; end any of them. */
export function SessionsSection() {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const list = useAppSelector((s) => s.holders.signedInSessions);
  const ending = useAppSelector((s) => s.holders.endSession.loading);
  const { ask, dialog } = useConfirm();

  useEffect(() => {
    dispatch(H.signedInSessions.actions.requested());
  }, [dispatch]);

  const browserOf = (s: SignedInSession) => {
    const browser = s.browser || t('sessions.unknownBrowser');
    return s.os ? t('sessions.browserOn', { browser, os: s.os }) : browser;
  };
  const end = (s: SignedInSession) =>
    ask({
      title: t(s.current ? 'sessions.confirmCurrent.title' : 'sessions.confirm.title'),
      text: t(s.current ? 'sessions.confirmCurrent.text' : 'sessions.confirm.text', {
        browser: browserOf(s),
      }),
      confirmLabel: t('sessions.end'),
      cancelLabel: t('common:confirm.cancel'),
      danger: true,
      onConfirm: () => dispatch(H.endSession.actions.requested({ id: s.id })),
    });

  const body = (
    <HolderView
      holder={list}
      loadError={t('sessions.loadFailed')}
      onRetry={() => dispatch(H.signedInSessions.actions.requested())}
      empty={t('sessions.empty')}
    >
      {(items) => (
        <ul className="list-group">
          {items.map((s) => (
            <li
              key={s.id}
              className="list-group-item d-flex flex-wrap align-items-center justify-content-between gap-2"
            >
              <div>
                <div className="fw-semibold">
                  {browserOf(s)}
                  {s.current && (
                    <span className="badge text-bg-primary ms-2">{t('sessions.current')}</span>
                  )}
                </div>
                <div className="small text-body-secondary">
                  {t('sessions.details', {
                    ip: s.ip || '—',
                    lastActive: formatDateTimeLocal(s.last_active),
                  })}
                </div>
              </div>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                disabled={ending}
                onClick={() => end(s)}
                aria-label={t('sessions.endLabel', { browser: browserOf(s) })}
              >
                {t('sessions.end')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </HolderView>
  );
  return (
    <section className="card mt-4" aria-labelledby="sessions-heading">
      <div className="card-body">
        <h2 id="sessions-heading" className="h5 mb-3">
          {t('sessions.heading')}
        </h2>
        {body}
        {dialog}
      </div>
    </section>
  );
}

import '../i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { LANGUAGES } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { AvailabilityCard } from '../../assignment/components/availability-card';
import { ApiTokensSection } from '../components/api-tokens';
import { PasskeysSection } from '../components/passkeys';
import { SessionsSection } from '../components/sessions';
import { TwoStepSection } from '../components/two-step';

export default function ProfilePage() {
  const { t } = useTranslation('profile');
  usePageTitle(t('profile.title'), [
    { label: t('home.title'), path: '/home' },
    { label: t('profile.title'), path: '/profile' },
  ]);
  const user = useAppSelector((state) => state.auth.user);
  if (!user) return null;
  const language = LANGUAGES.find((lang) => lang.code === user.language)?.label ?? user.language;
  const rows: [string, string][] = [
    [t('fields.fullname'), user.fullname],
    [t('fields.email'), user.email],
    [
      t('fields.role'),
      user.user_is_admin
        ? t('profile.roleAdmin')
        : user.user_is_hde
          ? t('profile.roleHde')
          : t('profile.roleUser'),
    ],
    [t('fields.itemsPerPage'), String(user.items_per_page)],
    [t('fields.language'), language],
  ];
  return (
    <>
      <section className="card" aria-labelledby="profile-heading">
        <div className="card-body">
          <h2 id="profile-heading" className="h4 mb-3">
            {user.fullname}
          </h2>
          <dl className="row mb-3">
            {rows.map(([label, value]) => (
              <div key={label} className="col-12 d-flex flex-wrap border-bottom py-2">
                <dt className="col-sm-4 fw-semibold">{label}</dt>
                <dd className="col-sm-8 mb-0">{value}</dd>
              </div>
            ))}
          </dl>
          <Link to="/editor" className="btn btn-primary">
            {t('profile.edit')}
          </Link>
        </div>
      </section>
      {/* Agents go away and come back here: automatic assignment skips them meanwhile. */}
      {user.user_is_hde && <AvailabilityCard />}
      <TwoStepSection />
      <PasskeysSection />
      <SessionsSection />
      <ApiTokensSection />
    </>
  );
}

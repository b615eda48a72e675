import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { LanguageSwitcher } from './language-switcher';
import { PageLoader } from './page-loader';

/** Public /auth/* screens: brand, language switcher, one card. */
export default function AuthLayout() {
  const { t } = useTranslation('common');
  return (
    <div className="auth-page min-vh-100 d-flex flex-column">
      <header className="container d-flex justify-content-between align-items-center py-3">
        <Link to="/auth/login" className="brand fs-4 fw-bold text-decoration-none">
          {t('brand')}
        </Link>
        <LanguageSwitcher />
      </header>
      <main className="container flex-grow-1 py-4">
        <div className="card shadow-sm mx-auto auth-card">
          <div className="card-body p-4">
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </div>
        </div>
      </main>
      <footer className="container py-3 text-center small text-body-secondary">
        {t('footer', { year: new Date().getFullYear() })}
      </footer>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';

/** The page title and breadcrumb set by the page (usePageTitle). */
export function PageHeader() {
  const { t } = useTranslation('common');
  const { title, breadcrumbItems } = useAppSelector((state) => state.layout.pageTitle);
  if (!title) return null;
  return (
    <div className="page-title-box d-flex flex-wrap align-items-center justify-content-between mb-3">
      <h1 className="fs-4 mb-0">{title}</h1>
      {breadcrumbItems.length > 0 && (
        <nav aria-label={t('breadcrumb')}>
          <ol className="breadcrumb mb-0">
            {breadcrumbItems.map((item, index) =>
              index === breadcrumbItems.length - 1 ? (
                <li key={item.path} className="breadcrumb-item active" aria-current="page">
                  {item.label}
                </li>
              ) : (
                <li key={item.path} className="breadcrumb-item">
                  <Link to={item.path}>{item.label}</Link>
                </li>
              ),
            )}
          </ol>
        </nav>
      )}
    </div>
  );
}

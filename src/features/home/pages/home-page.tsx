import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';

interface Card {
  titleKey: string;
  textKey: string;
  path: string;
}

/** Where to go from home: one row per real page. */
const cards: Card[] = [
  { titleKey: 'home.cards.profile', textKey: 'home.cards.profileText', path: '/profile' },
  { titleKey: 'home.cards.editor', textKey: 'home.cards.editorText', path: '/editor' },
];

export default function HomePage() {
  const { t } = useTranslation('profile');
  usePageTitle(t('home.title'), [{ label: t('home.title'), path: '/home' }]);
  const user = useAppSelector((state) => state.auth.user);
  return (
    <section aria-labelledby="welcome-heading">
      <h2 id="welcome-heading" className="h3 mb-3">
        {t('home.welcome', { fullname: user?.fullname ?? '' })}
      </h2>
      <p className="mb-4">{t('home.intro')}</p>
      <div className="row g-3">
        {cards.map((card) => (
          <div key={card.path} className="col-sm-6 col-lg-4">
            <div className="card h-100">
              <div className="card-body">
                <h3 className="h5 card-title">
                  <Link to={card.path} className="stretched-link">
                    {t(card.titleKey)}
                  </Link>
                </h3>
                <p className="card-text">{t(card.textKey)}</p>
              </div>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}

import '../../profile/i18n';
import '../i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDateUtc } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/page-title';
import { detailsUrl } from '../../../lib/record-link';
import { homeHolders } from '../home-slice';

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

function HomeSections() {
  const { t } = useTranslation('overview');
  const dispatch = useAppDispatch();
  const holder = useAppSelector((state) => state.holders.homeData);
  const user = useAppSelector((state) => state.auth.user);
  useEffect(() => {
    dispatch(homeHolders.homeData.actions.requested());
  }, [dispatch]);
  const data = holder.data;
  if (!data) {
    return holder.loading ? (
      <p role="status" className="text-body-secondary">
        {t('loading')}
      </p>
    ) : null;
  }
  return (
    <div className="row g-3 mb-4">
      <section className="col-lg-6" aria-labelledby="home-open-tickets">
        <div className="card h-100">
          <div className="card-body">
            <h3 id="home-open-tickets" className="h5 card-title">
              {t('home.openTickets')}
            </h3>
            <p className="mb-2">{t('home.openCount', { count: data.open_ticket_count })}</p>
            {data.open_tickets.length > 0 && (
              <ul className="list-unstyled mb-2">
                {data.open_tickets.map((ticket) => (
                  <li key={ticket.id} className="mb-1">
                    <Link to={detailsUrl(ticket, user)}>{ticket.subject}</Link>{' '}
                    <span className="small text-body-secondary">
                      {ticket.status_name} · {formatDateUtc(ticket.created_at)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <Link to="/ticket/my_ticket">{t('home.allMyTickets')}</Link>
          </div>
        </div>
      </section>
      <section className="col-lg-6" aria-labelledby="home-latest-content">
        <div className="card h-100">
          <div className="card-body">
            <h3 id="home-latest-content" className="h5 card-title">
              {t('home.latestArticles')}
            </h3>
            {data.latest_content.length === 0 ? (
              <p className="mb-2">{t('home.noArticles')}</p>
            ) : (
              <ul className="list-unstyled mb-2">
                {data.latest_content.map((item) => (
                  <li key={item.id} className="mb-1">
                    <Link to={detailsUrl(item, user)}>{item.title}</Link>{' '}
                    <span className="small text-body-secondary">
                      {formatDateUtc(item.created_at)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <Link to="/whats-new">{t('home.whatsNewLink')}</Link>
          </div>
        </div>
      </section>
    </div>
  );
}

export default function HomePage() {
  const { t } = useTranslation('profile');
  usePageTitle(t('home.title'), [{ label: t('home.title'), path: '/home' }]);
  const user = useAppSelector((state) => state.auth.user);
  return (
    <section aria-labelledby="welcome-heading">
      <h2 id="welcome-heading" className="h3 mb-3">
        {t('home.welcome', { fullname: user?.fullname ?? '' })}
      </h2>
      <HomeSections />
      <p className="mb-3">{t('home.intro')}</p>
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

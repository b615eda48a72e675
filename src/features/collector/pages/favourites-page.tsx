import '../i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import { Loading } from '../../records/components/states';
import { workHolders } from '../../records/work-slice';
import type { TaxonomyNode } from '../../records/work-types';
import { collectorHolders } from '../collector-slice';
import { NodeContentList } from '../components/node-content';

const W = workHolders;

function Favourite({ node }: { node: TaxonomyNode }) {
  const { t } = useTranslation('collector');
  const dispatch = useAppDispatch();
  const pageSize = useAppSelector((state) => state.auth.user?.items_per_page ?? 10);
  const content = useAppSelector((state) => state.holders.favoriteContent.data?.[node.category_id]);
  const known = content !== undefined;
  useEffect(() => {
    if (!known) {
      dispatch(
        collectorHolders.favoriteContent.actions.requested({
          category_id: node.category_id,
          page: 1,
          page_size: pageSize,
        }),
      );
    }
  }, [dispatch, known, node.category_id, pageSize]);
  const headingId = `favourite-${node.category_id}`;
  return (
    <li className="card mb-3">
      <section className="card-body" aria-labelledby={headingId}>
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
          <h3 id={headingId} className="h6 mb-0">
            {node.path || node.category_name}
          </h3>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            onClick={() => dispatch(W.removeFavorite.actions.requested(node))}
          >
            {t('favourites.remove', { name: node.category_name })}
          </button>
        </div>
        {content ? (
          <NodeContentList data={content} label={t('contentIn', { name: node.category_name })} />
        ) : (
          <Loading />
        )}
      </section>
    </li>
  );
}

/** /favourites: the user's favourite nodes with their content; find and add more. */
export default function FavouritesPage() {
  const { t } = useTranslation('collector');
  usePageTitle(t('favourites.title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('favourites.title'), path: '/favourites' },
  ]);
  const dispatch = useAppDispatch();
  const favourites = useAppSelector((state) => state.holders.favoriteTaxonomy);
  const found = useAppSelector((state) => state.holders.taxonomySearch);
  const [text, setText] = useState('');
  const idle = favourites.data === null && !favourites.loading && !favourites.error;
  useEffect(() => {
    if (idle) dispatch(W.favoriteTaxonomy.actions.requested());
  }, [idle, dispatch]);
  // As-you-type (takeLatest cancels the older search).
  useEffect(() => {
    const timer = window.setTimeout(
      () => dispatch(W.taxonomySearch.actions.requested({ text: text.trim() })),
      250,
    );
    return () => window.clearTimeout(timer);
  }, [dispatch, text]);
  useEffect(() => () => void dispatch(W.taxonomySearch.actions.reset()), [dispatch]);

  const list = favourites.data ?? [];
  const isFavourite = (node: TaxonomyNode) => list.some((f) => f.category_id === node.category_id);
  const hits = text.trim() ? (found.data ?? []) : [];

  return (
    <div className="row g-3">
      <section className="col-lg-7" aria-labelledby="favourites-heading">
        <h2 id="favourites-heading" className="h5">
          {t('favourites.yours')}
        </h2>
        {favourites.data === null ? (
          favourites.error ? null : (
            <Loading />
          )
        ) : list.length === 0 ? (
          <p>{t('favourites.none')}</p>
        ) : (
          <ul className="list-unstyled">
            {list.map((node) => (
              <Favourite key={node.category_id} node={node} />
            ))}
          </ul>
        )}
      </section>
      <section className="col-lg-5" aria-labelledby="favourites-find-heading">
        <h2 id="favourites-find-heading" className="h5">
          {t('favourites.addHeading')}
        </h2>
        <label htmlFor="favourites-find" className="form-label">
          {t('favourites.find')}
        </label>
        <input
          id="favourites-find"
          type="search"
          className="form-control mb-2"
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
        />
        {text.trim() && found.data && hits.length === 0 && !found.loading && (
          <p role="status">{t('favourites.noMatch')}</p>
        )}
        {hits.length > 0 && (
          <ul className="list-group" aria-label={t('favourites.matches')}>
            {hits.map((node) => (
              <li
                key={node.category_id}
                className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2"
              >
                <span>{node.path || node.category_name}</span>
                {isFavourite(node) ? (
                  <span className="small text-body-secondary">{t('favourites.already')}</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary"
                    onClick={() => dispatch(W.addFavorite.actions.requested(node))}
                  >
                    {t('favourites.add', { name: node.category_name })}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

import '../i18n';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import { Pagination } from '../../records/components/pagination';
import { Loading } from '../../records/components/states';
import { collectorHolders } from '../collector-slice';
import { CollectorTree, flattenNodes } from '../components/collector-tree';
import { NodeContentList } from '../components/node-content';

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : null;
};

/** /content-collector: the tree with counts; the chosen node's content, paged (all in the URL). */
export default function ContentCollectorPage() {
  const { t } = useTranslation('collector');
  usePageTitle(t('title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('title'), path: '/content-collector' },
  ]);
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const categoryId = positive(params.get('category_id'));
  const page = positive(params.get('page')) ?? 1;
  const pageSize = useAppSelector((state) => state.auth.user?.items_per_page ?? 10);
  const nodes = useAppSelector((state) => state.holders.collectorNodes.data);
  const content = useAppSelector((state) => state.holders.collectorContent);
  const query = useMemo(
    () => (categoryId ? { category_id: categoryId, page, page_size: pageSize } : null),
    [categoryId, page, pageSize],
  );
  useEffect(() => {
    if (query) dispatch(collectorHolders.collectorContent.actions.requested(query));
  }, [dispatch, query]);
  const selected = flattenNodes(nodes).find(({ node }) => node.category_id === categoryId)?.node;

  return (
    <div className="row g-3">
      <section className="col-lg-5" aria-labelledby="collector-tree-heading">
        <h2 id="collector-tree-heading" className="h5">
          {t('categories')}
        </h2>
        <CollectorTree
          name={t('categories')}
          label={(node) => (
            <button
              type="button"
              className={`btn btn-sm ${node.category_id === categoryId ? 'btn-primary' : 'btn-link'} p-1`}
              aria-pressed={node.category_id === categoryId}
              onClick={() => setParams({ category_id: String(node.category_id) })}
            >
              {t('nodeWithCount', { name: node.category_name, count: node.content_count })}
            </button>
          )}
        />
      </section>
      <section className="col-lg-7" aria-labelledby="collector-content-heading">
        <h2 id="collector-content-heading" className="h5">
          {selected ? t('contentIn', { name: selected.category_name }) : t('content')}
        </h2>
        {!query ? (
          <p>{t('chooseCategory')}</p>
        ) : content.loading || !content.data ? (
          content.error ? null : (
            <Loading />
          )
        ) : (
          <>
            <NodeContentList
              data={content.data}
              label={selected ? t('contentIn', { name: selected.category_name }) : t('content')}
            />
            {content.data.total > 0 && (
              <Pagination
                page={content.data.page}
                pageSize={content.data.page_size}
                total={content.data.total}
                capped={content.data.total_is_capped === true}
                onPage={(next) =>
                  setParams({
                    category_id: String(categoryId),
                    ...(next > 1 ? { page: String(next) } : {}),
                  })
                }
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}

import '../i18n';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDateUtc } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/page-title';
import { detailsUrl } from '../../../lib/record-link';
import { Pagination } from '../../records/components/pagination';
import { Loading } from '../../records/components/states';
import { homeHolders } from '../home-slice';

/** /whats-new: the newest published, searchable content, paged (page in the URL). */
export default function WhatsNewPage() {
  const { t } = useTranslation('overview');
  usePageTitle(t('whatsNew.title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('whatsNew.title'), path: '/whats-new' },
  ]);
  const dispatch = useAppDispatch();
  const holder = useAppSelector((state) => state.holders.whatsNew);
  const user = useAppSelector((state) => state.auth.user);
  const pageSize = user?.items_per_page ?? 10;
  const [params, setParams] = useSearchParams();
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const query = useMemo(() => ({ page, page_size: pageSize }), [page, pageSize]);
  useEffect(() => {
    dispatch(homeHolders.whatsNew.actions.requested(query));
  }, [dispatch, query]);
  const data = holder.data;
  let body: React.ReactNode;
  if (holder.loading || !data) body = holder.error ? null : <Loading />;
  else if (data.items.length === 0) body = <p>{t('whatsNew.empty')}</p>;
  else
    body = (
      <>
        <ul className="list-group">
          {data.items.map((item) => (
            <li key={item.id} className="list-group-item">
              <Link to={detailsUrl(item, user)}>{item.title}</Link>
              <div className="small text-body-secondary">
                {[item.content_type_name, item.hd_name, formatDateUtc(item.created_at)]
                  .filter(Boolean)
                  .join(' · ')}
              </div>
            </li>
          ))}
        </ul>
        <Pagination
          page={data.page}
          pageSize={data.page_size}
          total={data.total}
          capped={data.total_is_capped === true}
          onPage={(next) => setParams(next <= 1 ? {} : { page: String(next) })}
        />
      </>
    );
  return <section aria-label={t('whatsNew.title')}>{body}</section>;
}

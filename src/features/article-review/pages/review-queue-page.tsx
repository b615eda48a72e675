import '../i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDateTimeLocal } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/page-title';
import { EmptyState, ErrorState, Loading } from '../../records/components/states';
import { articleReviewHolders } from '../article-review-slice';

const H = articleReviewHolders;

/** /review (agents): content with a version in review that the caller reviews, oldest first. */
export default function ReviewQueuePage() {
  const { t } = useTranslation('articleReview');
  usePageTitle(t('queue.title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('queue.title'), path: '/review' },
  ]);
  const dispatch = useAppDispatch();
  const queue = useAppSelector((state) => state.holders.reviewQueue);
  useEffect(() => {
    dispatch(H.reviewQueue.actions.requested());
  }, [dispatch]);

  let content;
  if (queue.error) {
    content = (
      <ErrorState
        message={queue.error.message}
        onRetry={() => dispatch(H.reviewQueue.actions.requested())}
      />
    );
  } else if (!queue.data) {
    content = <Loading />;
  } else if (queue.data.items.length === 0) {
    content = <EmptyState text={t('queue.empty')} />;
  } else {
    content = (
      <table className="table align-middle">
        <caption className="visually-hidden">{t('queue.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('queue.article')}</th>
            <th scope="col">{t('queue.desk')}</th>
            <th scope="col">{t('queue.author')}</th>
            <th scope="col">{t('queue.submitted')}</th>
          </tr>
        </thead>
        <tbody>
          {queue.data.items.map((item) => (
            <tr key={item.id}>
              <td>
                <Link to={`/hd_content/details?hdContentId=${item.id}`}>{item.version_title}</Link>{' '}
                <span className="badge text-bg-light">
                  {item.is_update
                    ? t('queue.update', { number: item.version_number })
                    : t('queue.new')}
                </span>
              </td>
              <td>{item.hd_name}</td>
              <td>{item.author_name}</td>
              <td>
                {item.submitted_at ? formatDateTimeLocal(item.submitted_at) : ''}
                {item.submitted_by_name ? ` · ${item.submitted_by_name}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <div>
      <p className="text-body-secondary">{t('queue.intro')}</p>
      {content}
    </div>
  );
}

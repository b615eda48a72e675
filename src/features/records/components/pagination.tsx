import '../i18n';
import { useTranslation } from 'react-i18next';

/** Page numbers to show: all when few, else first, last and the current one's neighbours. */
export function pageWindow(current: number, last: number): (number | 'gap')[] {
  if (last <= 7) return Array.from({ length: last }, (_, i) => i + 1);
  const pages = new Set([1, last, current - 1, current, current + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((page, index) => {
    if (index > 0 && page - sorted[index - 1] > 1) out.push('gap');
    out.push(page);
  });
  return out;
}

export function Pagination({
  page,
  pageSize,
  total,
  capped,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  capped: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('records');
  const last = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
      <p className="mb-0" aria-live="polite">
        {t('list.showing', { from, to, total: capped ? `${total}+` : total })}
      </p>
      <nav aria-label={t('list.pagination')}>
        <ul className="pagination mb-0">
          <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
            <button
              type="button"
              className="page-link"
              disabled={page <= 1}
              onClick={() => onPage(page - 1)}
            >
              {t('list.previous')}
            </button>
          </li>
          {pageWindow(page, last).map((item, index) =>
            item === 'gap' ? (
              <li key={`gap-${index}`} className="page-item disabled">
                <span className="page-link">…</span>
              </li>
            ) : (
              <li key={item} className={`page-item${item === page ? ' active' : ''}`}>
                <button
                  type="button"
                  className="page-link"
                  aria-current={item === page ? 'page' : undefined}
                  onClick={() => onPage(item)}
                >
                  {item}
                </button>
              </li>
            ),
          )}
          <li className={`page-item${page >= last ? ' disabled' : ''}`}>
            <button
              type="button"
              className="page-link"
              disabled={page >= last}
              onClick={() => onPage(page + 1)}
            >
              {t('list.next')}
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}

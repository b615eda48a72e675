import { useTranslation } from 'react-i18next';
import { formatDateTimeLocal } from '../../../lib/dates';
import { plainText, sideOf, wordDiff, type DiffPart } from '../../../lib/word-diff';
import type { VersionPair } from '../types';

function Parts({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.kind === 'added' ? (
          <ins key={i} className="bg-success-subtle text-success-emphasis">
            {p.text}
          </ins>
        ) : p.kind === 'removed' ? (
          <del key={i} className="bg-danger-subtle text-danger-emphasis">
            {p.text}
          </del>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

/** Two versions side by side: the older with its removals marked, the newer with its additions. */
export function VersionCompare({ pair }: { pair: VersionPair }) {
  const { t } = useTranslation('articleReview');
  const [older, newer] =
    pair.from.number <= pair.to.number ? [pair.from, pair.to] : [pair.to, pair.from];
  const title = wordDiff(older.title, newer.title);
  const body = wordDiff(plainText(older.body), plainText(newer.body));
  const column = (side: 'before' | 'after') => {
    const v = side === 'before' ? older : newer;
    return (
      <section className="col-md-6" aria-label={t('compare.side', { number: v.number })}>
        <h4 className="h6">
          {t('compare.side', { number: v.number })}{' '}
          <small className="text-body-secondary">
            {v.author_name ?? ''} · {formatDateTimeLocal(v.created_at)}
          </small>
        </h4>
        <p className="fw-semibold">
          <Parts parts={sideOf(title, side)} />
        </p>
        <div className="border rounded p-2" style={{ whiteSpace: 'pre-wrap' }}>
          <Parts parts={sideOf(body, side)} />
        </div>
      </section>
    );
  };
  return (
    <div className="row g-3 mt-1" data-testid="version-compare">
      <p className="small text-body-secondary mb-0">{t('compare.legend')}</p>
      {column('before')}
      {column('after')}
    </div>
  );
}

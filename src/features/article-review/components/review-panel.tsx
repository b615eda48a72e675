import '../i18n';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { formatDateTimeLocal } from '../../../lib/dates';
import { ErrorState, Loading } from '../../records/components/states';
import { articleReviewHolders } from '../article-review-slice';
import type { ArticleReview, VersionSummary } from '../types';
import { VersionCompare } from './version-compare';

const H = articleReviewHolders;

const BADGES: Record<ArticleReview['state'], string> = {
  draft: 'text-bg-secondary',
  in_review: 'text-bg-warning',
  published: 'text-bg-success',
  archived: 'text-bg-dark',
};

/** A content item's review state, its actions and its versions (author and agents). */
export function ReviewPanel({
  recordId,
  revision,
  agent,
}: {
  recordId: number;
  /** The record's `version`. */
  revision: number;
  agent: boolean;
}) {
  const { t } = useTranslation('articleReview');
  const dispatch = useAppDispatch();
  const holder = useAppSelector((state) => state.holders.articleReview);
  const step = useAppSelector((state) => state.holders.reviewStep);
  const compare = useAppSelector((state) => state.holders.versionCompare);
  const [picked, setPicked] = useState<number[]>([]);
  const [restoring, setRestoring] = useState<VersionSummary | null>(null);
  const [sendingBack, setSendingBack] = useState(false);
  const [comment, setComment] = useState('');
  const [archiving, setArchiving] = useState(false);
  const [successor, setSuccessor] = useState('');
  const commentId = useId();
  const successorId = useId();

  // Loaded again whenever the record changes (an edit is a new version).
  useEffect(() => {
    dispatch(H.articleReview.actions.requested(recordId));
  }, [dispatch, recordId, revision]);
  useEffect(
    () => () => {
      dispatch(H.reviewStep.actions.reset());
      dispatch(H.versionCompare.actions.reset());
    },
    [dispatch, recordId],
  );

  // A finished step closes its dialog.
  const [stepSeen, setStepSeen] = useState<unknown>(null);
  if (step.data && step.data !== stepSeen) {
    setStepSeen(step.data);
    setRestoring(null);
    setSendingBack(false);
    setComment('');
    setArchiving(false);
    setSuccessor('');
  }

  const review = holder.data && holder.data.id === recordId ? holder.data : null;
  if (!review) {
    if (holder.error) {
      return (
        <ErrorState
          message={holder.error.message}
          onRetry={() => dispatch(H.articleReview.actions.requested(recordId))}
        />
      );
    }
    return <Loading />;
  }

  const run = (s: Parameters<typeof H.reviewStep.actions.requested>[0]) =>
    dispatch(H.reviewStep.actions.requested(s));
  const toggle = (id: number) =>
    setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id].slice(-2)));
  const pending = review.items.find((v) => v.id === review.pending_version_id);
  const fieldError = (name: string) => step.error?.fields?.[name];

  return (
    <section className="card mt-3" aria-labelledby="review-heading">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h3 id="review-heading" className="h5 mb-0">
            {t('heading')}
          </h3>
          <span className={`badge ${BADGES[review.state]}`} data-testid="review-state">
            {t(`state.${review.state}`)}
          </span>
          {review.state === 'published' && pending?.state === 'in_review' && (
            <span className="badge text-bg-warning">{t('pendingInReview')}</span>
          )}
        </div>
        {review.successor_title && (
          <p className="small">{t('successor', { title: review.successor_title })}</p>
        )}
        {pending?.review_comment && pending.state === 'sent_back' && (
          <div className="alert alert-warning py-2">
            {t('sentBackBy', { name: pending.reviewed_by_name ?? '' })}: {pending.review_comment}
          </div>
        )}
        {step.error && !step.error.fields && (
          <div className="alert alert-danger py-2" role="alert">
            {step.error.message}
          </div>
        )}
        <div className="d-flex flex-wrap gap-2 mb-3">
          {review.may_submit && (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={step.loading}
              onClick={() => run({ id: recordId, step: 'submit' })}
            >
              {t('actions.submit')}
            </button>
          )}
          {review.may_review && (
            <>
              <button
                type="button"
                className="btn btn-success btn-sm"
                disabled={step.loading}
                onClick={() =>
                  run({
                    id: recordId,
                    step: 'approve',
                    versionId: review.pending_version_id ?? undefined,
                  })
                }
              >
                {t('actions.approve')}
              </button>
              <button
                type="button"
                className="btn btn-outline-danger btn-sm"
                aria-expanded={sendingBack}
                onClick={() => setSendingBack(!sendingBack)}
              >
                {t('actions.sendBack')}
              </button>
            </>
          )}
          {agent && review.state === 'published' && (
            <button
              type="button"
              className="btn btn-outline-dark btn-sm"
              aria-expanded={archiving}
              onClick={() => setArchiving(!archiving)}
            >
              {t('actions.archive')}
            </button>
          )}
        </div>
        {sendingBack && (
          <form
            className="mb-3"
            onSubmit={(e) => {
              e.preventDefault();
              run({ id: recordId, step: 'sendBack', comment });
            }}
          >
            <label htmlFor={commentId} className="form-label">
              {t('sendBack.comment')}
            </label>
            <textarea
              id={commentId}
              className={`form-control ${fieldError('comment') ? 'is-invalid' : ''}`}
              rows={3}
              maxLength={2000}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
            {fieldError('comment') && (
              <div className="invalid-feedback">{fieldError('comment')}</div>
            )}
            <button type="submit" className="btn btn-warning btn-sm mt-2" disabled={step.loading}>
              {t('sendBack.confirm')}
            </button>
          </form>
        )}
        {archiving && (
          <form
            className="mb-3"
            onSubmit={(e) => {
              e.preventDefault();
              run({
                id: recordId,
                step: 'archive',
                successorId: successor.trim() ? Number(successor) : null,
              });
            }}
          >
            <label htmlFor={successorId} className="form-label">
              {t('archive.successor')}
            </label>
            <input
              id={successorId}
              type="number"
              min={1}
              className={`form-control ${fieldError('successor_id') ? 'is-invalid' : ''}`}
              value={successor}
              onChange={(e) => setSuccessor(e.target.value)}
              aria-describedby={`${successorId}-help`}
            />
            <div id={`${successorId}-help`} className="form-text">
              {t('archive.help')}
            </div>
            {fieldError('successor_id') && (
              <div className="invalid-feedback d-block">{fieldError('successor_id')}</div>
            )}
            <button type="submit" className="btn btn-dark btn-sm mt-2" disabled={step.loading}>
              {t('archive.confirm')}
            </button>
          </form>
        )}

        <h4 className="h6">{t('versions.heading')}</h4>
        <p className="small text-body-secondary">{t('versions.pickTwo')}</p>
        <ul className="list-group mb-2" aria-label={t('versions.heading')}>
          {review.items.map((v) => (
            <li key={v.id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
              <input
                type="checkbox"
                className="form-check-input"
                id={`version-${v.id}`}
                checked={picked.includes(v.id)}
                onChange={() => toggle(v.id)}
              />
              <label htmlFor={`version-${v.id}`} className="form-check-label flex-grow-1">
                <strong>{t('versions.number', { number: v.number })}</strong> {v.author_name ?? ''}{' '}
                · {formatDateTimeLocal(v.created_at)} ·{' '}
                <span className="badge text-bg-light">{t(`versionState.${v.state}`)}</span>
                {v.note && <span className="d-block small">{v.note}</span>}
                {v.restored_from !== null && (
                  <span className="d-block small text-body-secondary">
                    {t('versions.restoredFrom', { number: v.restored_from })}
                  </span>
                )}
              </label>
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                onClick={() => setRestoring(v)}
              >
                {t('versions.restoreNumber', { number: v.number })}
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={picked.length !== 2 || compare.loading}
          onClick={() =>
            dispatch(
              H.versionCompare.actions.requested({ id: recordId, from: picked[0], to: picked[1] }),
            )
          }
        >
          {t('versions.compare')}
        </button>
        {compare.loading && <Loading />}
        {compare.error && (
          <div className="alert alert-danger py-2 mt-2" role="alert">
            {compare.error.message}
          </div>
        )}
        {compare.data && <VersionCompare pair={compare.data} />}
      </div>
      <ConfirmDialog
        isOpen={restoring !== null}
        title={t('restore.title', { number: restoring?.number ?? '' })}
        text={t(review.state === 'published' ? 'restore.textPublished' : 'restore.text')}
        confirmLabel={t('versions.restore')}
        cancelLabel={t('common:confirm.cancel')}
        busy={step.loading}
        onConfirm={() =>
          restoring && run({ id: recordId, step: 'restore', versionId: restoring.id })
        }
        onCancel={() => setRestoring(null)}
      />
    </section>
  );
}

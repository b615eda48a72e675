import '../i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDateTimeLocal } from '../../../lib/dates';
import { Alert } from '../../../lib/form-field';
import { ratingsHolders } from '../ratings-slice';
import type { Rating, SatisfactionSolve } from '../types';

const H = ratingsHolders;

/**
 * On a ticket's record view: its satisfaction ratings (agents and the requester see the rating
 * and comment of each solve), and for the requester of a solved ticket the question itself,
 * "How did we do?", answered here as from the mailed link (docs/satisfaction.md). Reloads when
 * the ticket changes (`version`, `updatedAt`: live events reload the record).
 */
export function SatisfactionCard({ recordId, updatedAt }: { recordId: number; updatedAt: string }) {
  const { t } = useTranslation('ratings');
  const dispatch = useAppDispatch();
  const holder = useAppSelector((state) => state.holders.ticketSatisfaction);

  useEffect(() => {
    dispatch(H.ticketSatisfaction.actions.requested(recordId));
  }, [dispatch, recordId, updatedAt]);

  const data = holder.data;

  if (holder.error) return <Alert kind="danger">{t('loadFailed')}</Alert>;
  if (!data || data.solves.length === 0) return null;
  const words: Record<Rating, string> = { good: t('good'), bad: t('bad') };

  return (
    <section
      className="card mb-3"
      aria-labelledby="satisfaction-heading"
      data-testid="satisfaction"
    >
      <div className="card-body">
        <h2 id="satisfaction-heading" className="h6 card-title">
          {t('heading')}
        </h2>
        {!data.can_rate && (
          <ul className="list-unstyled mb-0">
            {data.solves.map((s) => (
              <li key={s.solve} className="mb-2">
                <strong>
                  {t('ratingOf', {
                    solve: s.solve,
                    rating: s.rating ? words[s.rating] : t('notRated'),
                  })}
                </strong>
                {s.comment && <blockquote className="mb-0 fst-italic">{s.comment}</blockquote>}
                {s.rated_at && (
                  <div className="small text-body-secondary">
                    {formatDateTimeLocal(s.changed_at ?? s.rated_at)}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {data.can_rate && (
          <RateForm
            key={`${data.solves[0].solve}:${data.solves[0].rating}:${data.solves[0].comment}`}
            recordId={recordId}
            solve={data.solves[0]}
            words={words}
          />
        )}
      </div>
    </section>
  );
}

export default SatisfactionCard;

/** The requester's answer for the latest solve (starts from what they answered before). */
function RateForm({
  recordId,
  solve,
  words,
}: {
  recordId: number;
  solve: SatisfactionSolve;
  words: Record<Rating, string>;
}) {
  const { t } = useTranslation('ratings');
  const dispatch = useAppDispatch();
  const saving = useAppSelector((state) => state.holders.rateTicket);
  const [rating, setRating] = useState<Rating | null>(solve.rating);
  const [comment, setComment] = useState(solve.comment ?? '');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (rating) dispatch(H.rateTicket.actions.requested({ id: recordId, rating, comment }));
      }}
    >
      <fieldset className="mb-2">
        <legend className="fs-6">{t('question')}</legend>
        {(['good', 'bad'] as const).map((r) => (
          <div className="form-check form-check-inline" key={r}>
            <input
              className="form-check-input"
              type="radio"
              name="satisfaction-rating"
              id={`satisfaction-${r}`}
              checked={rating === r}
              onChange={() => setRating(r)}
            />
            <label className="form-check-label" htmlFor={`satisfaction-${r}`}>
              {words[r]}
            </label>
          </div>
        ))}
      </fieldset>
      <label htmlFor="satisfaction-comment" className="form-label">
        {t('comment')}
      </label>
      <textarea
        id="satisfaction-comment"
        className="form-control mb-2"
        maxLength={2000}
        rows={3}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      {saving.error && <Alert kind="danger">{saving.error.message}</Alert>}
      <button type="submit" className="btn btn-primary btn-sm" disabled={!rating || saving.loading}>
        {t('save')}
      </button>
      <p className="small text-body-secondary mt-2 mb-0">{t('openUntil')}</p>
    </form>
  );
}

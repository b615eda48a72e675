import '../i18n';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SubmitButton } from '../../../lib/form-field';
import { rulesHolders } from '../rules-slice';

const H = rulesHolders.testTrigger;

/** "Test against ticket #N": which conditions the ticket meets now and what would happen (the saved trigger). */
export function TriggerTest({ triggerId }: { triggerId: number }) {
  const { t } = useTranslation('rules');
  const dispatch = useAppDispatch();
  const test = useAppSelector((s) => s.holders.testTrigger);
  const [ticket, setTicket] = useState('');
  const [touched, setTouched] = useState(false);
  const idBase = useId();
  useEffect(() => {
    dispatch(H.actions.reset());
    return () => {
      dispatch(H.actions.reset());
    };
  }, [dispatch, triggerId]);
  const number = Number(ticket);
  const valid = Number.isInteger(number) && number > 0;
  const error =
    touched && !valid
      ? t('test.ticketNeeded')
      : (test.error?.fields?.ticket_id ?? test.error?.message);
  const r = test.error || test.loading ? null : test.data;
  return (
    <form
      className="card card-body mb-4"
      noValidate
      aria-labelledby={`${idBase}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (valid) dispatch(H.actions.requested({ id: triggerId, ticketId: number }));
      }}
    >
      <h2 className="h6" id={`${idBase}-title`}>
        {t('test.title')}
      </h2>
      <p className="form-text mt-0">{t('test.hint')}</p>
      <div className="d-flex gap-2 align-items-start flex-wrap mb-2">
        <div>
          <label className="form-label small" htmlFor={`${idBase}-ticket`}>
            {t('test.ticket')}
          </label>
          <input
            id={`${idBase}-ticket`}
            type="number"
            min={1}
            className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
            value={ticket}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${idBase}-error` : undefined}
            onChange={(e) => setTicket(e.target.value)}
          />
          {error && (
            <div id={`${idBase}-error`} className="invalid-feedback">
              {error}
            </div>
          )}
        </div>
        <div className="align-self-end">
          <SubmitButton
            loading={test.loading}
            label={t('test.run')}
            className="btn btn-sm btn-outline-primary"
          />
        </div>
      </div>
      <div aria-live="polite">
        {r && (
          <div>
            <p className="fw-semibold mb-1">
              {r.matched
                ? t('test.matched', { id: r.ticket_id })
                : t('test.notMatched', { id: r.ticket_id })}
            </p>
            {r.conditions.length > 0 && (
              <ul className="mb-2" aria-label={t('test.conditions')}>
                {r.conditions.map((c) => (
                  <li key={c.index}>
                    <span aria-hidden="true">{c.matched ? '✓ ' : '✗ '}</span>
                    {t(c.matched ? 'test.conditionMet' : 'test.conditionNotMet', {
                      text: c.description,
                    })}
                  </li>
                ))}
              </ul>
            )}
            {r.actions.length > 0 && (
              <>
                <p className="mb-1">{t('test.wouldDo')}</p>
                <ol aria-label={t('test.actions')}>
                  {r.actions.map((a) => (
                    <li key={a.index}>{a.description}</li>
                  ))}
                </ol>
              </>
            )}
          </div>
        )}
      </div>
    </form>
  );
}

import '../i18n';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ErrorState, Loading } from '../../records/components/states';
import { articleReviewHolders } from '../article-review-slice';
import type { Language } from '../types';

const H = articleReviewHolders;
const LANGUAGES: Language[] = ['en', 'es'];

/**
 * A content item's language and its translation (agents): the help centre links the two
 * versions and tells readers of the other language when there is none (docs/help-centre.md).
 */
export function TranslationCard({ recordId }: { recordId: number }) {
  const { t } = useTranslation('articleReview');
  const dispatch = useAppDispatch();
  const holder = useAppSelector((state) => state.holders.articleTranslation);
  const change = useAppSelector((state) => state.holders.translationChange);
  const search = useAppSelector((state) => state.holders.translationSearch);
  const [text, setText] = useState('');
  const id = useId();

  useEffect(() => {
    dispatch(H.articleTranslation.actions.requested(recordId));
    return () => {
      dispatch(H.translationChange.actions.reset());
      dispatch(H.translationSearch.actions.reset());
    };
  }, [dispatch, recordId]);

  // A link made clears the search box (once per answer).
  const [seen, setSeen] = useState<unknown>(null);
  if (change.data && change.data !== seen) {
    setSeen(change.data);
    setText('');
  }

  const data = holder.data && holder.data.id === recordId ? holder.data : null;
  if (!data) {
    if (holder.error) {
      return (
        <ErrorState
          message={holder.error.message}
          onRetry={() => dispatch(H.articleTranslation.actions.requested(recordId))}
        />
      );
    }
    return <Loading />;
  }

  // The select offers each language by its own name; sentences name it in the reader's.
  const languageName = (l: Language) => t(`translation.languageNames.${l}`);
  const fieldError = change.error?.fields?.translation_id;
  const generalError = change.error && !change.error.fields ? change.error.message : null;
  const hits = (search.data ?? []).filter((hit) => hit.id !== data.translation?.id);

  return (
    <section className="card mb-3" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h3 id={`${id}-heading`} className="h6">
          {t('translation.heading')}
        </h3>
        {generalError && (
          <div className="alert alert-danger py-2" role="alert">
            {generalError}
          </div>
        )}
        <div className="mb-2">
          <label htmlFor={`${id}-language`} className="form-label">
            {t('translation.language')}
          </label>
          <select
            id={`${id}-language`}
            className="form-select form-select-sm"
            value={data.language}
            disabled={change.loading}
            onChange={(e) =>
              dispatch(
                H.translationChange.actions.requested({
                  id: recordId,
                  change: 'language',
                  language: e.target.value === 'es' ? 'es' : 'en',
                }),
              )
            }
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {t(`translation.languages.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <p className="mb-2" data-testid="translation-link">
          <span className="fw-semibold">{t('translation.translation')}: </span>
          {data.translation ? (
            <>
              <Link to={`/hd_content/details?hdContentId=${data.translation.id}`}>
                {t('translation.open', {
                  title: data.translation.title,
                  language: languageName(data.translation.language),
                })}
              </Link>{' '}
              <button
                type="button"
                className="btn btn-link btn-sm p-0 align-baseline"
                disabled={change.loading}
                aria-label={t('translation.unlinkNamed', { title: data.translation.title })}
                onClick={() =>
                  dispatch(
                    H.translationChange.actions.requested({ id: recordId, change: 'unlink' }),
                  )
                }
              >
                {t('translation.unlink')}
              </button>
            </>
          ) : (
            <span className="text-body-secondary">
              {t('translation.none', { language: languageName(data.language) })}
            </span>
          )}
        </p>
        {!data.translation && (
          <div role="search" aria-labelledby={`${id}-find-label`}>
            <label id={`${id}-find-label`} htmlFor={`${id}-find`} className="form-label">
              {t('translation.find')}
            </label>
            <input
              id={`${id}-find`}
              type="search"
              autoComplete="off"
              className={`form-control form-control-sm${fieldError ? ' is-invalid' : ''}`}
              value={text}
              aria-describedby={fieldError ? `${id}-find-error` : undefined}
              onChange={(e) => {
                setText(e.target.value);
                dispatch(
                  H.translationSearch.actions.requested({
                    text: e.target.value,
                    exclude_id: recordId,
                  }),
                );
              }}
            />
            {fieldError && (
              <div id={`${id}-find-error`} className="invalid-feedback d-block">
                {fieldError}
              </div>
            )}
            {text.trim() !== '' && search.data && (
              <div role="group" aria-label={t('translation.results')} className="mt-2">
                {hits.length === 0 ? (
                  <p className="text-body-secondary small mb-0">{t('translation.noResults')}</p>
                ) : (
                  <ul className="list-unstyled d-flex flex-column gap-1 mb-0">
                    {hits.slice(0, 8).map((hit) => (
                      <li key={hit.id}>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-primary text-start"
                          disabled={change.loading}
                          aria-label={t('translation.link', { title: hit.title })}
                          onClick={() =>
                            dispatch(
                              H.translationChange.actions.requested({
                                id: recordId,
                                change: 'link',
                                translationId: hit.id,
                              }),
                            )
                          }
                        >
                          <span aria-hidden="true">+ </span>
                          {hit.title}
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

import '../i18n';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalBody, ModalFooter, ModalHeader } from 'reactstrap';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Modal } from '../../../lib/modal';
import { suggestionsHolders } from '../suggestions-slice';
import type { Suggestion } from '../types';

const H = suggestionsHolders;

/** The text inserted for an article: its title and address (absolute, for a mail). */
export function articleLink(s: Pick<Suggestion, 'title' | 'url'>): string {
  return `${s.title}: ${window.location.origin}${s.url}`;
}

/**
 * The reply box's "Insert article": a small search over the articles the agent may read (the
 * suggestions' ranking), each inserted as a link (the public URL when public) or as its text.
 */
export function ArticlePicker({
  onInsert,
}: {
  onInsert: (text: string, article: Suggestion) => void;
}) {
  const { t } = useTranslation('suggestions');
  const dispatch = useAppDispatch();
  const found = useAppSelector((state) => state.holders.articleSearch);
  const text = useAppSelector((state) => state.holders.articleText);
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const [searched, setSearched] = useState(false);
  const pending = useRef<Suggestion | null>(null);
  const inputId = useId();
  const titleId = useId();

  // The article's text, once fetched, goes into the reply (only the one asked for here).
  useEffect(() => {
    const article = pending.current;
    if (!article || text.data?.id !== article.id) return;
    pending.current = null;
    onInsert(text.data.text, article);
  }, [text.data, onInsert]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is a portal, but React bubbles its submit to the reply box's form, which
    // would send the reply.
    event.stopPropagation();
    if (!q.trim()) return;
    setSearched(true);
    dispatch(H.articleSearch.actions.requested({ text: q }));
  };
  const insert = (s: Suggestion, asText: boolean) => {
    if (asText) {
      pending.current = s;
      dispatch(H.articleText.actions.requested(s.id));
    } else onInsert(articleLink(s), s);
    setOpen(false);
  };
  const items = found.data ?? [];
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        onClick={() => {
          setOpen(true);
          setSearched(false);
          dispatch(H.articleSearch.actions.reset());
        }}
        disabled={text.loading}
      >
        {t('insert.button')}
      </button>
      <Modal isOpen={open} toggle={() => setOpen(false)} labelledBy={titleId}>
        <ModalHeader toggle={() => setOpen(false)} id={titleId} tag="h2" className="h5">
          {t('insert.title')}
        </ModalHeader>
        <ModalBody>
          <form className="d-flex gap-2 mb-3" onSubmit={search} role="search">
            <label htmlFor={inputId} className="visually-hidden">
              {t('insert.search')}
            </label>
            <input
              id={inputId}
              type="search"
              className="form-control"
              placeholder={t('insert.search')}
              maxLength={200}
              value={q}
              onChange={(e) => setQ(e.target.value)}
            />
            <button type="submit" className="btn btn-primary">
              {t('insert.searchButton')}
            </button>
          </form>
          <div aria-live="polite">
            {found.loading ? (
              <div className="spinner-border spinner-border-sm" role="status">
                <span className="visually-hidden">{t('loading')}</span>
              </div>
            ) : searched && !items.length && !found.error ? (
              <p className="mb-0">{t('insert.empty')}</p>
            ) : (
              <ul className="list-unstyled mb-0">
                {items.map((s) => (
                  <li key={s.id} className="d-flex flex-wrap align-items-center gap-2 py-1">
                    <span className="me-auto">{s.title}</span>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary"
                      aria-label={`${t('insert.link')}: ${s.title}`}
                      onClick={() => insert(s, false)}
                    >
                      {t('insert.link')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary"
                      aria-label={`${t('insert.text')}: ${s.title}`}
                      onClick={() => insert(s, true)}
                    >
                      {t('insert.text')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </ModalBody>
        <ModalFooter>
          <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
            {t('insert.close')}
          </button>
        </ModalFooter>
      </Modal>
    </>
  );
}

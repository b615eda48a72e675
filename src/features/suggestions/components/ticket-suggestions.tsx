import '../i18n';
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { Offcanvas, OffcanvasBody, OffcanvasHeader } from 'reactstrap';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/root-reducer';
import { apiBeacon } from '../../../lib/api-client';
import { sanitizeHtml } from '../../../lib/sanitize';
import { suggestionsHolders } from '../suggestions-slice';

const H = suggestionsHolders;
/** The description's first words that join the subject in the query. */
const DESCRIPTION_WORDS = 12;

/** The subject and the description's first words (its HTML reduced to text): what is matched. */
export function suggestionText(subject: string, description: string): string {
  const words = description
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, DESCRIPTION_WORDS);
  return [subject, ...words].join(' ');
}

function newSessionId(): string {
  return crypto.randomUUID();
}

/**
 * Up to five articles matching what the requester types, below the raise or contact form's
 * subject; each opens in a side panel (what was typed stays). The articles opened go with the
 * ticket when it is raised (`raisedTicket` selects the ticket this form raised); leaving the form
 * without raising after opening one reports a deflection (docs/suggestions.md).
 */
export function TicketSuggestions({
  text,
  raisedTicket,
  idPrefix,
}: {
  text: string;
  /** A stable selector (a module-level function): the effect that watches it runs once. */
  raisedTicket: (state: RootState) => number | undefined;
  idPrefix: string;
}) {
  const { t } = useTranslation('suggestions');
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const list = useAppSelector((state) => state.holders.suggestions);
  const opened = useAppSelector((state) => state.holders.suggestedArticle);
  const [panelId, setPanelId] = useState<number | null>(null);
  const [sessionId] = useState(newSessionId);
  const viewed = useRef(new Set<number>());
  const ended = useRef(false);
  const raisedBefore = useRef<number | undefined>(undefined);

  useEffect(() => {
    dispatch(H.suggestions.actions.requested({ text }));
  }, [text, dispatch]);

  // The ticket this form raises: its session's viewed articles are stored with it; a session
  // that ends any other way (unmount, closing the tab) with articles viewed is a deflection.
  useEffect(() => {
    raisedBefore.current = raisedTicket(store.getState());
    const raisedNow = () => {
      const id = raisedTicket(store.getState());
      return id !== undefined && id !== raisedBefore.current ? id : undefined;
    };
    const end = () => {
      if (ended.current || !viewed.current.size) return;
      ended.current = true;
      const ticketId = raisedNow();
      if (ticketId !== undefined) {
        dispatch(H.suggestionsRaised.actions.requested({ sessionId, ticketId }));
      } else apiBeacon('/api/suggestions/deflections', { session_id: sessionId });
    };
    const unsubscribe = store.subscribe(() => {
      if (raisedNow() !== undefined) end();
    });
    window.addEventListener('pagehide', end);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', end);
      end();
      dispatch(H.suggestions.actions.reset());
      dispatch(H.suggestedArticle.actions.reset());
    };
  }, [store, dispatch, raisedTicket, sessionId]);

  const open = (id: number) => {
    viewed.current.add(id);
    setPanelId(id);
    dispatch(H.suggestedArticle.actions.requested({ sessionId, id }));
  };
  const items = list.data ?? [];
  const article = opened.data && opened.data.id === panelId ? opened.data : null;
  const headingId = `${idPrefix}-suggestions-heading`;
  const panelTitleId = `${idPrefix}-suggestion-title`;
  return (
    <div className="mb-3" aria-live="polite">
      {items.length > 0 && (
        <section aria-labelledby={headingId} className="border rounded p-2 bg-body-tertiary">
          <h3 id={headingId} className="h6 mb-2">
            {t('heading')}
          </h3>
          <ul className="list-unstyled mb-0">
            {items.map((s) => (
              <li key={s.id} className="mb-1">
                <button
                  type="button"
                  className="btn btn-link p-0 text-start"
                  onClick={() => open(s.id)}
                >
                  {s.title}
                </button>
                {/* The snippet is escaped text with <mark> around the matched words. */}
                <div
                  className="small text-body-secondary"
                  dangerouslySetInnerHTML={{ __html: sanitizeHtml(s.snippet) }}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      <Offcanvas
        direction="end"
        isOpen={panelId !== null}
        toggle={() => setPanelId(null)}
        // reactstrap sets the dialog's aria-labelledby from `labelledBy` (over a passed one).
        labelledBy={panelTitleId}
        returnFocusAfterClose
      >
        <OffcanvasHeader
          toggle={() => setPanelId(null)}
          tag="h2"
          close={
            <button
              type="button"
              className="btn-close"
              aria-label={t('close')}
              onClick={() => setPanelId(null)}
            />
          }
        >
          {/* The title alone names the dialog: the header also holds the close button. */}
          <span id={panelTitleId}>{article?.title ?? t('loading')}</span>
        </OffcanvasHeader>
        <OffcanvasBody>
          {opened.error && opened.data?.id !== panelId ? (
            <div className="alert alert-warning" role="alert">
              {t('unavailable')}
            </div>
          ) : !article ? (
            <div className="spinner-border spinner-border-sm" role="status">
              <span className="visually-hidden">{t('loading')}</span>
            </div>
          ) : (
            <>
              <div
                className="record-body"
                dangerouslySetInnerHTML={{ __html: sanitizeHtml(article.body) }}
              />
              <p className="mt-3 mb-0">
                <a href={article.url} target="_blank" rel="noopener noreferrer">
                  {t('openFull')}
                </a>
              </p>
            </>
          )}
        </OffcanvasBody>
      </Offcanvas>
    </div>
  );
}

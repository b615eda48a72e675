import '../../workspace-i18n';
import '../../../threads/i18n';
import { useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../../app/hooks';
import { presenceTyping, presenceViewing } from '../../../live/live-slice';
import { Alert, generalError } from '../../../../lib/form-field';
import { isEmail, textToHtml } from '../../../threads/text-html';
import { threadsHolders } from '../../../threads/threads-slice';
import { detailsHolders } from '../../details-slice';
import type { FieldChanges, Macro, RecordPermissions } from '../../details-types';
import type { HdRecord } from '../../types';
import { isIdle } from '../../../../lib/request-holder';
import { ArticlePicker } from '../../../suggestions/components/article-picker';
import { suggestionsHolders } from '../../../suggestions/suggestions-slice';
import type { Suggestion } from '../../../suggestions/types';
import {
  clearDraft,
  fillPlaceholders,
  htmlToText,
  loadDraft,
  saveDraft,
  type ReplyDraft,
  type ReplyMode,
} from './reply-draft';

export interface ReplyControls {
  focus: (mode?: ReplyMode) => void;
  send: () => void;
}

interface MacroUndo {
  name: string;
  body: string;
  changes: FieldChanges;
}

const fieldsOf = (record: HdRecord, categoryIds: number[]): FieldChanges => {
  const r = record as { priority_id?: number | null; assignee_id?: number | null };
  return {
    status_id: record.status_id,
    ...(typeof r.priority_id === 'number' ? { priority_id: r.priority_id } : {}),
    assignee_id: r.assignee_id ?? null,
    category_ids: categoryIds,
  };
};

/**
 * The reply box at the bottom of the timeline: Reply / Note (internal, agents) / Forward,
 * send-as, a draft kept per record, and for agents "Apply macro" (undoable until sent).
 */
export function ReplyBox({
  record,
  permissions,
  onSentNext,
  hasNext,
  ref,
}: {
  record: HdRecord;
  permissions: RecordPermissions;
  onSentNext: () => void;
  hasNext: boolean;
  ref?: Ref<ReplyControls>;
}) {
  const { t } = useTranslation('workspace');
  const { t: tt } = useTranslation('threads');
  const dispatch = useAppDispatch();
  const prefix = useId();
  const type = record.object_type;
  const id = record.id;
  const user = useAppSelector((state) => state.auth.user);
  const from = useAppSelector((state) => state.holders.communicationFrom);
  const insert = useAppSelector((state) => state.holders.insertCommunication);
  const workLog = useAppSelector((state) => state.holders.insertWorkLog);
  const macros = useAppSelector((state) => state.holders.macroList);
  const taxonomy = useAppSelector((state) => state.holders.recordTaxonomy);
  const agent = permissions.note;
  const [draft, setDraft] = useState<ReplyDraft>(
    () => loadDraft(type, id) ?? { mode: 'reply', body: '', forward_to: '', sent_as: '' },
  );
  const [draftFor, setDraftFor] = useState(id);
  const [error, setError] = useState<string | null>(null);
  const [macroId, setMacroId] = useState('');
  const [undo, setUndo] = useState<MacroUndo | null>(null);
  const [sending, setSending] = useState<null | 'send' | 'next'>(null);
  const [minutes, setMinutes] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  // Answering with articles (agents, docs/suggestions.md): the article inserted last goes with
  // the message sent next on that record ("Article sent: <title>" on it in the timeline).
  const sentArticle = useRef<{ article: Suggestion; recordId: number; sentBefore: unknown } | null>(
    null,
  );

  // Another record: its own draft.
  if (draftFor !== id) {
    setDraftFor(id);
    setDraft(loadDraft(type, id) ?? { mode: 'reply', body: '', forward_to: '', sent_as: '' });
    setUndo(null);
    setError(null);
  }

  const macrosIdle = isIdle(macros);
  useEffect(() => {
    if (agent && macrosIdle) dispatch(detailsHolders.macroList.actions.requested());
  }, [agent, macrosIdle, dispatch]);

  const update = (change: Partial<ReplyDraft>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    saveDraft(type, id, next);
  };

  const insertArticle = (text: string, article: Suggestion) => {
    sentArticle.current = { article, recordId: id, sentBefore: insert.data };
    update({
      body: draft.body.trim() ? `${draft.body.trimEnd()}\n${text}` : text,
      // An article answers the requester: a note to the team is not where it goes.
      mode: draft.mode === 'note' ? 'reply' : draft.mode,
    });
    textarea.current?.focus();
  };
  const sentMessage = insert.data;
  useEffect(() => {
    const pending = sentArticle.current;
    if (!sentMessage || !pending || pending.sentBefore === sentMessage) return;
    if (pending.recordId !== id) return;
    sentArticle.current = null;
    dispatch(
      suggestionsHolders.markArticleSent.actions.requested({
        messageId: sentMessage.id,
        articleId: pending.article.id,
        recordId: id,
      }),
    );
  }, [sentMessage, dispatch, id]);

  const fromOptions = from.data?.recordId === id ? from.data.items : [];
  const holder = draft.mode === 'note' ? workLog : insert;

  // A send that succeeded: the draft and the macro's undo go; "send and go to next" moves on.
  const sent = holder.data;
  const [seen, setSeen] = useState(sent);
  if (sent !== seen) {
    setSeen(sent);
    if (sent && sending) {
      const wasNext = sending === 'next';
      setSending(null);
      clearDraft(type, id);
      setDraft({ ...draft, body: '', forward_to: '' });
      setUndo(null);
      if (wasNext) onSentNext();
    }
  }
  if (holder.error && sending) setSending(null);

  const send = (next: boolean) => {
    if (!draft.body.trim()) {
      setError(t('reply.required'));
      textarea.current?.focus();
      return;
    }
    if (draft.mode === 'forward' && !isEmail(draft.forward_to)) {
      setError(t('reply.email'));
      return;
    }
    const spent = minutes.trim() === '' ? undefined : Number(minutes);
    if (
      draft.mode === 'note' &&
      spent !== undefined &&
      (!Number.isInteger(spent) || spent < 0 || spent > 10080)
    ) {
      setError(tt('validation.minutes'));
      return;
    }
    setError(null);
    setSending(next ? 'next' : 'send');
    dispatch(presenceViewing(id)); // the others stop seeing "… is replying" as it is sent
    const key = { type, id };
    const body = textToHtml(draft.body);
    if (draft.mode === 'note') {
      setMinutes('');
      dispatch(
        threadsHolders.insertWorkLog.actions.requested({
          record: key,
          values: { body, ...(spent !== undefined ? { time_spent_minutes: spent } : {}) },
        }),
      );
      return;
    }
    // A kept draft may name a choice this record no longer offers.
    const sentAs =
      fromOptions.find((o) => o.value === draft.sent_as)?.value ?? fromOptions[0]?.value;
    dispatch(
      threadsHolders.insertCommunication.actions.requested({
        record: key,
        values: {
          body,
          ...(agent
            ? {
                action: draft.mode === 'public' ? 'note' : draft.mode,
                sent_as: sentAs,
              }
            : {}),
          ...(draft.mode === 'forward' ? { forward_to: draft.forward_to.trim() } : {}),
        },
      }),
    );
  };

  useImperativeHandle(ref, () => ({
    focus: (mode?: ReplyMode) => {
      if (mode && (agent || mode === 'reply')) update({ mode });
      textarea.current?.focus();
    },
    send: () => send(false),
  }));

  const categoryIds = (taxonomy.data ?? []).map((n) => n.category_id);
  const applyMacro = () => {
    const macro: Macro | undefined = (macros.data ?? []).find((m) => String(m.id) === macroId);
    if (!macro) return;
    const r = record as { requester_name?: string; author_name?: string };
    const text = fillPlaceholders(htmlToText(macro.body), {
      requester_name: r.requester_name ?? r.author_name ?? '',
      ticket_id: id,
      agent_name: user?.fullname ?? '',
    });
    setUndo({ name: macro.name, body: draft.body, changes: fieldsOf(record, categoryIds) });
    update({ body: text, mode: draft.mode === 'note' ? 'reply' : draft.mode });
    const changes: FieldChanges = {};
    if (macro.status_id !== null) changes.status_id = macro.status_id;
    if (macro.priority_id !== null && type === 'T') changes.priority_id = macro.priority_id;
    if (macro.assignee_id !== null) changes.assignee_id = macro.assignee_id;
    if (macro.category_ids.length) {
      changes.category_ids = [...new Set([...categoryIds, ...macro.category_ids])];
    }
    if (Object.keys(changes).length) {
      dispatch(detailsHolders.applyFields.actions.requested({ type, id, changes }));
    }
    setMacroId('');
  };
  const undoMacro = () => {
    if (!undo) return;
    update({ body: undo.body });
    dispatch(detailsHolders.applyFields.actions.requested({ type, id, changes: undo.changes }));
    setUndo(null);
  };

  const modes: ReplyMode[] = agent ? ['reply', 'public', 'note', 'forward'] : ['reply'];
  const serverError = generalError(holder.error);
  return (
    <section aria-labelledby={`${prefix}-heading`} className="card" data-testid="reply-box">
      <div className="card-body">
        <h2 id={`${prefix}-heading`} className="visually-hidden">
          {t('reply.heading')}
        </h2>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send(false);
          }}
        >
          {modes.length > 1 && (
            <div
              className="btn-group btn-group-sm mb-2"
              role="radiogroup"
              aria-label={t('reply.modes')}
            >
              {modes.map((mode) => (
                <button
                  key={mode}
                  type="button"
                  role="radio"
                  aria-checked={draft.mode === mode}
                  className={`btn ${draft.mode === mode ? 'btn-primary' : 'btn-outline-primary'}`}
                  onClick={() => update({ mode })}
                >
                  {t(`reply.${mode}`)}
                </button>
              ))}
            </div>
          )}
          {draft.mode === 'note' && (
            <p className="small text-body-secondary mb-2">{t('reply.noteHint')}</p>
          )}
          <div className="row g-2 mb-2">
            {agent && draft.mode !== 'note' && fromOptions.length > 0 && (
              <div className="col-sm-6">
                <label htmlFor={`${prefix}-from`} className="form-label small mb-1">
                  {t('reply.sendAs')}
                </label>
                <select
                  id={`${prefix}-from`}
                  className="form-select form-select-sm"
                  value={draft.sent_as || fromOptions[0].value}
                  onChange={(e) => update({ sent_as: e.target.value })}
                >
                  {fromOptions.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {draft.mode === 'forward' && (
              <div className="col-sm-6">
                <label htmlFor={`${prefix}-to`} className="form-label small mb-1">
                  {t('reply.forwardTo')}
                </label>
                <input
                  id={`${prefix}-to`}
                  type="email"
                  className="form-control form-control-sm"
                  value={draft.forward_to}
                  onChange={(e) => update({ forward_to: e.target.value })}
                />
              </div>
            )}
          </div>
          <label htmlFor={`${prefix}-body`} className="form-label small mb-1">
            {t('reply.message')}
          </label>
          <textarea
            id={`${prefix}-body`}
            ref={textarea}
            className={`form-control mb-2 ${error ? 'is-invalid' : ''}`}
            rows={5}
            value={draft.body}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${prefix}-error` : undefined}
            onChange={(e) => {
              update({ body: e.target.value });
              dispatch(presenceTyping(id)); // "… is replying" for the others on the record
            }}
          />
          {draft.mode === 'note' && (
            <div className="mb-2">
              <label htmlFor={`${prefix}-minutes`} className="form-label small mb-1">
                {tt('workLog.minutes')}
              </label>
              <input
                id={`${prefix}-minutes`}
                type="number"
                min={0}
                max={10080}
                className="form-control form-control-sm w-auto"
                value={minutes}
                onChange={(e) => setMinutes(e.target.value)}
              />
            </div>
          )}
          {error && (
            <div id={`${prefix}-error`} className="text-danger small mb-2">
              {error}
            </div>
          )}
          {serverError && <Alert kind="danger">{serverError}</Alert>}
          {agent && (
            <div className="d-flex flex-wrap gap-2 align-items-end mb-2">
              <div>
                <label htmlFor={`${prefix}-macro`} className="form-label small mb-1">
                  {t('reply.applyMacro')}
                </label>
                <select
                  id={`${prefix}-macro`}
                  className="form-select form-select-sm"
                  value={macroId}
                  onChange={(e) => setMacroId(e.target.value)}
                >
                  <option value="">{t('reply.chooseMacro')}</option>
                  {(macros.data ?? []).map((m) => (
                    <option key={m.id} value={String(m.id)}>
                      {m.name}
                    </option>
                  ))}
                </select>
              </div>
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                disabled={!macroId}
                onClick={applyMacro}
              >
                {t('reply.apply')}
              </button>
              {undo && (
                <>
                  <span className="small text-body-secondary" role="status">
                    {t('reply.macroApplied', { name: undo.name })}
                  </span>
                  <button type="button" className="btn btn-link btn-sm" onClick={undoMacro}>
                    {t('reply.undoMacro')}
                  </button>
                </>
              )}
              <ArticlePicker onInsert={insertArticle} />
            </div>
          )}
          <div className="d-flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary" disabled={holder.loading}>
              {t('reply.send')}
            </button>
            {hasNext && (
              <button
                type="button"
                className="btn btn-outline-primary"
                disabled={holder.loading}
                onClick={() => send(true)}
              >
                {t('reply.sendNext')}
              </button>
            )}
          </div>
        </form>
      </div>
    </section>
  );
}

import '../../workspace-i18n';
import '../../../threads/i18n';
import '../../../merge/i18n';
import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../../app/hooks';
import { formatDateTimeLocal } from '../../../../lib/dates';
import { sanitizeHtml } from '../../../../lib/sanitize';
import { downloadRequested } from '../../../attachments/attachments-slice';
import { MailOrigin } from '../../../threads/components/mail-origin';
import { QuotedText } from '../../../threads/components/quoted-text';
import { SentArticleNote, useSentArticles } from '../../../suggestions/components/sent-article';
import { detailsHolders } from '../../details-slice';
import { historySentence } from '../../history-sentence';
import type { DetailAttachment, RecordView, TimelineEntry } from '../../details-types';
import type { HdRecord } from '../../types';

type Message = NonNullable<TimelineEntry['message']>;
type HistoryEvent = NonNullable<TimelineEntry['event']>;

function FileLinks({ files }: { files: DetailAttachment[] }) {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('workspace');
  if (!files.length) return null;
  return (
    <ul className="list-inline mb-0 mt-2 small" aria-label={t('timeline.files')}>
      {files.map((f) => (
        <li key={f.id} className="list-inline-item">
          <button
            type="button"
            className="btn btn-link btn-sm p-0"
            onClick={() =>
              dispatch(downloadRequested({ attachmentId: f.id, fileName: f.file_name }))
            }
          >
            📎 {f.file_name}
          </button>
        </li>
      ))}
    </ul>
  );
}

function MessageItem({
  message,
  files,
  onSplit,
  sentArticle,
}: {
  message: Message;
  files: DetailAttachment[];
  /** Agents on a ticket: split this conversation message out into a new ticket. */
  onSplit?: (messageId: number) => void;
  /** Agents: "Article sent: <title>" under a message that sent an article. */
  sentArticle: boolean;
}) {
  const { t } = useTranslation('workspace');
  const { t: tt } = useTranslation('threads');
  const internal = message.thread === 'worklog';
  const who =
    message.sent_as_name ?? message.author_name ?? message.from_email ?? t('timeline.someone');
  return (
    <li
      className={`card mb-2 ${internal ? 'border-warning bg-warning-subtle' : ''}`}
      data-testid={internal ? 'timeline-internal' : 'timeline-message'}
    >
      <div className="card-body py-2">
        <div className="d-flex flex-wrap gap-2 align-items-baseline small text-body-secondary mb-1">
          <strong className="text-body">{who}</strong>
          {message.sent_as === 'helpdesk' && message.author_name && (
            <span>{t('timeline.via', { name: message.author_name })}</span>
          )}
          {/* A mailed message says from which address; a public note and logged minutes say so. */}
          <MailOrigin message={message} />
          {internal && <span className="badge text-bg-warning">{t('timeline.internal')}</span>}
          {message.action === 'note' && (
            <span className="badge text-bg-secondary">{tt('actions.note')}</span>
          )}
          {internal && message.time_spent_minutes !== null && (
            <span className="badge text-bg-light border">
              {tt('workLog.minutesValue', { count: message.time_spent_minutes })}
            </span>
          )}
          {message.action === 'forward' && message.forward_to && (
            <span>{t('timeline.forwardedTo', { email: message.forward_to })}</span>
          )}
          {message.merged_from_id !== undefined && (
            <span className="badge text-bg-info">
              {t('merge:mergedFrom', { id: message.merged_from_id })}
            </span>
          )}
          <time className="ms-auto" dateTime={message.created_at}>
            {formatDateTimeLocal(message.created_at)}
          </time>
          {onSplit && !internal && (
            <button
              type="button"
              className="btn btn-link btn-sm p-0"
              aria-label={t('merge:splitLabel', { name: who })}
              onClick={() => onSplit(message.id)}
            >
              {t('merge:split')}
            </button>
          )}
        </div>
        <div
          className="record-body"
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(message.body) }}
        />
        {message.quoted_body && <QuotedText html={message.quoted_body} />}
        {sentArticle && !internal && <SentArticleNote messageId={message.id} />}
        <FileLinks files={files} />
      </div>
    </li>
  );
}

function EventItem({ event, type }: { event: HistoryEvent; type: HdRecord['object_type'] }) {
  const { t } = useTranslation('workspace');
  return (
    <li className="small text-body-secondary ps-2 mb-2" data-testid="timeline-event">
      {historySentence(event, t, type)}{' '}
      <time dateTime={event.created_at}>{formatDateTimeLocal(event.created_at)}</time>
    </li>
  );
}

/**
 * One timeline, oldest first: the original request, public messages, for agents the work log
 * marked "Internal", and history events as small lines that can be hidden. Memoized: the page
 * around it re-renders as its other parts load (presence, the saves' holders, the edit form),
 * and a long thread would be rendered again each time.
 */
export const Timeline = memo(function Timeline({
  record,
  view,
  body,
  loadingOlder,
  onSplit,
}: {
  record: HdRecord;
  view: RecordView;
  body: string;
  loadingOlder: boolean;
  onSplit?: (messageId: number) => void;
}) {
  const { t } = useTranslation('workspace');
  const dispatch = useAppDispatch();
  const toggleId = useId();
  const [showHistory, setShowHistory] = useState(true);
  const agent = record.access === 'agent';
  useSentArticles(record.id, agent);
  const byMessage = new Map<number, DetailAttachment[]>();
  for (const f of view.attachments) {
    if (f.message_id === null) continue;
    byMessage.set(f.message_id, [...(byMessage.get(f.message_id) ?? []), f]);
  }
  const entries = [...view.timeline].reverse().filter((e) => showHistory || e.type === 'message');
  const owner =
    (record as { requester_name?: string }).requester_name ??
    (record as { author_name?: string }).author_name ??
    '';
  return (
    <section aria-labelledby="timeline-heading" className="mb-3">
      <div className="d-flex align-items-center gap-3 mb-2">
        <h2 id="timeline-heading" className="h5 mb-0">
          {t('timeline.heading')}
        </h2>
        <div className="form-check form-switch ms-auto mb-0">
          <input
            id={toggleId}
            type="checkbox"
            role="switch"
            className="form-check-input"
            checked={showHistory}
            onChange={(e) => setShowHistory(e.target.checked)}
          />
          <label className="form-check-label small" htmlFor={toggleId}>
            {t('timeline.showHistory')}
          </label>
        </div>
      </div>
      {view.nextCursor && (
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm mb-2"
          disabled={loadingOlder}
          onClick={() =>
            dispatch(
              detailsHolders.recordView.actions.requested({
                type: record.object_type,
                id: record.id,
                before: view.nextCursor ?? '',
              }),
            )
          }
        >
          {t('timeline.loadOlder')}
        </button>
      )}
      <ol className="list-unstyled mb-0" aria-label={t('timeline.heading')}>
        {!view.nextCursor && (
          <li className="card mb-2" data-testid="timeline-original">
            <div className="card-body py-2">
              <div className="d-flex gap-2 small text-body-secondary mb-1">
                <strong className="text-body">{owner}</strong>
                <span>{t('timeline.original')}</span>
                <time className="ms-auto" dateTime={record.created_at}>
                  {formatDateTimeLocal(record.created_at)}
                </time>
              </div>
              <div
                className="record-body"
                dangerouslySetInnerHTML={{ __html: sanitizeHtml(body) }}
              />
            </div>
          </li>
        )}
        {entries.map((entry) =>
          entry.message ? (
            <MessageItem
              key={entry.cursor}
              message={entry.message}
              files={byMessage.get(entry.message.id) ?? []}
              onSplit={onSplit}
              sentArticle={agent}
            />
          ) : entry.event ? (
            <EventItem key={entry.cursor} event={entry.event} type={record.object_type} />
          ) : null,
        )}
      </ol>
    </section>
  );
});

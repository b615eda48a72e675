import { useTranslation } from 'react-i18next';
import { formatDateTimeLocal } from '../../../lib/dates';
import { sanitizeHtml } from '../../../lib/sanitize';
import type { ThreadMessage } from '../types';
import { MailOrigin } from './mail-origin';
import { QuotedText } from './quoted-text';
import { SentArticleNote } from '../../suggestions/components/sent-article';

/**
 * A thread, oldest first: who, when, (minutes spent), the sanitized body; a message that came in
 * by mail also shows its sender's address and its quoted history, collapsed.
 */
export function MessageList({
  messages,
  showMinutes = false,
  sentArticles = false,
}: {
  messages: ThreadMessage[];
  showMinutes?: boolean;
  /** Show "Article sent: <title>" under the messages that sent an article (agents). */
  sentArticles?: boolean;
}) {
  const { t } = useTranslation('threads');
  return (
    <ol className="list-unstyled mb-3">
      {messages.map((message) => {
        const name =
          message.sent_as === 'helpdesk' && message.sent_as_name
            ? message.sent_as_name
            : message.author_name;
        return (
          <li key={message.id} className="border-bottom py-2">
            <article aria-label={`${name} ${formatDateTimeLocal(message.created_at)}`}>
              <div className="d-flex flex-wrap gap-2 small mb-1">
                <span className="fw-semibold">{name}</span>
                <MailOrigin message={message} />
                <time dateTime={message.created_at}>{formatDateTimeLocal(message.created_at)}</time>
                {/* A reply and a work log entry are the usual kinds: only the others get a badge. */}
                {message.action !== 'reply' && message.action !== 'entry' && (
                  <span className="badge text-bg-secondary">
                    {t(`actions.${message.action}`, { defaultValue: message.action })}
                  </span>
                )}
                {showMinutes && message.time_spent_minutes !== null && (
                  <span className="badge text-bg-light border">
                    {t('workLog.minutesValue', { count: message.time_spent_minutes })}
                  </span>
                )}
              </div>
              {message.forward_to && (
                <div className="small mb-1">
                  {t('conversation.forwardedTo', { email: message.forward_to })}
                </div>
              )}
              <div
                className="record-body"
                dangerouslySetInnerHTML={{ __html: sanitizeHtml(message.body) }}
              />
              {message.quoted_body && <QuotedText html={message.quoted_body} />}
              {sentArticles && <SentArticleNote messageId={message.id} />}
            </article>
          </li>
        );
      })}
    </ol>
  );
}

import { useCallback, useEffect, useId, useRef } from 'react';
import { useFormik } from 'formik';
import type { FormikErrors } from 'formik';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector, useDeferredAppSelector } from '../../../app/hooks';
import { Alert, generalError, useServerFieldErrors } from '../../../lib/form-field';
import { presenceTyping } from '../../live/live-slice';
import { isEmail, textToHtml } from '../text-html';
import { threadsHolders } from '../threads-slice';
import type { CommunicationBody, RecordKey } from '../types';
import { MessageList } from './message-list';
import { ArticlePicker } from '../../suggestions/components/article-picker';
import { suggestionsHolders } from '../../suggestions/suggestions-slice';
import type { Suggestion } from '../../suggestions/types';

const H = threadsHolders;

interface MessageValues {
  body: string;
  sent_as: string;
  action: string;
  forward_to: string;
}

/** Beside-the-field message for a formik field (touched + error), wired to the control. */
export function fieldProps(
  errors: Record<string, string | undefined>,
  touched: Record<string, boolean | undefined>,
  name: string,
  id: string,
) {
  const error = touched[name] ? errors[name] : undefined;
  return {
    error,
    control: {
      id,
      name,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
    },
  };
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <div id={`${id}-error`} className="invalid-feedback">
      {error}
    </div>
  );
}

/** The public thread and its form (agents choose who it is sent as and what it does). */
export function ConversationPanel({ record, isAgent }: { record: RecordKey; isAgent: boolean }) {
  const { t } = useTranslation('threads');
  const dispatch = useAppDispatch();
  const headingId = useId();
  const prefix = useId();
  const { type, id } = record;
  const thread = useDeferredAppSelector((state) => state.holders.communicationThreads);
  const from = useAppSelector((state) => state.holders.communicationFrom);
  const actions = useAppSelector((state) => state.holders.communicationActions);
  const insert = useAppSelector((state) => state.holders.insertCommunication);

  useEffect(() => {
    dispatch(H.insertCommunication.actions.reset());
    dispatch(H.communicationThreads.actions.requested({ type, id }));
    if (isAgent) {
      dispatch(H.communicationFrom.actions.requested(id));
      dispatch(H.communicationActions.actions.requested());
    }
  }, [dispatch, type, id, isAgent]);

  const fromOptions = from.data?.recordId === id ? from.data.items : [];
  const actionOptions = actions.data ?? [];

  const formik = useFormik<MessageValues>({
    initialValues: { body: '', sent_as: '', action: 'reply', forward_to: '' },
    validate: (values) => {
      const errors: FormikErrors<MessageValues> = {};
      if (!values.body.trim()) errors.body = t('validation.messageRequired');
      if (isAgent && values.action === 'forward' && !isEmail(values.forward_to)) {
        errors.forward_to = t('validation.email');
      }
      return errors;
    },
    onSubmit: (values) => {
      const body: CommunicationBody = { body: textToHtml(values.body) };
      if (isAgent) {
        // The choices come from communication-actions/ and communication-from/.
        body.action = actionOptions.find((o) => o.value === values.action)?.value;
        body.sent_as =
          fromOptions.find((o) => o.value === values.sent_as)?.value ?? fromOptions[0]?.value;
        if (values.action === 'forward') body.forward_to = values.forward_to.trim();
      }
      dispatch(H.insertCommunication.actions.requested({ record: { type, id }, values: body }));
    },
  });
  useServerFieldErrors(formik, insert.error);

  // A sent message clears the form; a failed one keeps the text.
  const sent = insert.data;
  const { resetForm } = formik;
  useEffect(() => {
    if (sent) resetForm();
  }, [sent, resetForm]);

  // Answering with articles (agents): the article inserted last goes with the message sent
  // ("Article sent: <title>" on it); the record's sent articles show on its messages.
  const sentArticle = useRef<{ article: Suggestion; sentBefore: unknown } | null>(null);
  const { setFieldValue } = formik;
  const bodyText = formik.values.body;
  const insertArticle = useCallback(
    (text: string, article: Suggestion) => {
      sentArticle.current = { article, sentBefore: sent };
      void setFieldValue('body', bodyText.trim() ? `${bodyText.trimEnd()}\n${text}` : text);
    },
    [setFieldValue, bodyText, sent],
  );
  useEffect(() => {
    if (isAgent) dispatch(suggestionsHolders.sentArticles.actions.requested(id));
  }, [dispatch, isAgent, id]);
  useEffect(() => {
    const pending = sentArticle.current;
    if (!sent || !pending || pending.sentBefore === sent) return;
    sentArticle.current = null;
    dispatch(
      suggestionsHolders.markArticleSent.actions.requested({
        messageId: sent.id,
        articleId: pending.article.id,
        recordId: id,
      }),
    );
  }, [sent, dispatch, id]);

  const errors = formik.errors as Record<string, string | undefined>;
  const touched = formik.touched as Record<string, boolean | undefined>;
  const bodyField = fieldProps(errors, touched, 'body', `${prefix}-body`);
  const forwardField = fieldProps(errors, touched, 'forward_to', `${prefix}-forward`);
  const message = generalError(insert.error);
  const items = thread.data?.recordId === id ? thread.data.items : null;

  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h5 mb-3">
          {t('conversation.heading')}
        </h2>
        {items === null ? (
          thread.loading && (
            <p role="status" className="mb-3">
              {t('conversation.loading')}
            </p>
          )
        ) : items.length === 0 ? (
          <p className="mb-3">{t('conversation.empty')}</p>
        ) : (
          <MessageList messages={items} sentArticles={isAgent} />
        )}
        {message && <Alert kind="danger">{message}</Alert>}
        <form noValidate onSubmit={formik.handleSubmit}>
          {isAgent && (
            <div className="row g-2">
              <div className="col-sm-6 mb-3">
                <label htmlFor={`${prefix}-sent-as`} className="form-label">
                  {t('form.sendAs')}
                </label>
                <select
                  id={`${prefix}-sent-as`}
                  name="sent_as"
                  className="form-select"
                  value={formik.values.sent_as || fromOptions[0]?.value || ''}
                  onChange={formik.handleChange}
                >
                  {fromOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="col-sm-6 mb-3">
                <label htmlFor={`${prefix}-action`} className="form-label">
                  {t('form.action')}
                </label>
                <select
                  id={`${prefix}-action`}
                  name="action"
                  className="form-select"
                  value={formik.values.action}
                  onChange={formik.handleChange}
                >
                  {actionOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {t(`actions.${option.value}`, { defaultValue: option.label })}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          )}
          {isAgent && formik.values.action === 'forward' && (
            <div className="mb-3">
              <label htmlFor={forwardField.control.id} className="form-label">
                {t('form.forwardTo')}
              </label>
              <input
                type="email"
                autoComplete="email"
                className={`form-control${forwardField.error ? ' is-invalid' : ''}`}
                value={formik.values.forward_to}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
                {...forwardField.control}
              />
              <FieldError id={forwardField.control.id} error={forwardField.error} />
            </div>
          )}
          <div className="mb-3">
            <label htmlFor={bodyField.control.id} className="form-label">
              {t('form.message')}
            </label>
            <textarea
              rows={4}
              className={`form-control${bodyField.error ? ' is-invalid' : ''}`}
              value={formik.values.body}
              onChange={(e) => {
                formik.handleChange(e);
                dispatch(presenceTyping(id)); // "… is replying" for the others on the record
              }}
              onBlur={formik.handleBlur}
              {...bodyField.control}
            />
            <FieldError id={bodyField.control.id} error={bodyField.error} />
          </div>
          {isAgent && (
            <div className="mb-3">
              <ArticlePicker onInsert={insertArticle} />
            </div>
          )}
          <button type="submit" className="btn btn-primary" disabled={insert.loading}>
            {insert.loading && (
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            )}
            {t('form.send')}
          </button>
        </form>
      </div>
    </section>
  );
}

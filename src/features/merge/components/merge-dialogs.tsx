import '../i18n';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { WorkDialog } from '../../records/components/work/work-dialog';
import type { Ticket } from '../../records/types';
import { workHolders } from '../../records/work-slice';
import { mergeHolders } from '../merge-slice';

const M = mergeHolders;

/**
 * What the last merge call answered: a refusal in the server's words and, when the requesters
 * differ (409 naming `confirm_requesters`), the question the agent answers before it is sent
 * again with the confirmation.
 */
function MergeOutcome({ onConfirm }: { onConfirm: () => void }) {
  const { t } = useTranslation('merge');
  const error = useAppSelector((state) => state.holders.mergeTickets.error);
  if (!error) return null;
  const ask = error.status === 409 && error.fields?.confirm_requesters !== undefined;
  return (
    <div role="alert" className={`alert ${ask ? 'alert-warning' : 'alert-danger'} mt-3 mb-0`}>
      <p className={ask ? 'mb-2' : 'mb-0'}>{error.message}</p>
      {ask && (
        <button type="button" className="btn btn-sm btn-warning" onClick={onConfirm}>
          {t('confirmRequesters')}
        </button>
      )}
    </div>
  );
}

function useMergeReset() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(M.mergeTickets.actions.reset());
    return () => void dispatch(M.mergeTickets.actions.reset());
  }, [dispatch]);
}

/** "Merge into…" on a ticket: find the target by subject, then merge this ticket into it. */
export function MergeIntoDialog({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation('merge');
  const dispatch = useAppDispatch();
  const findId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const [target, setTarget] = useState<number | null>(null);
  const found = useAppSelector((state) => state.holders.mergeTargetSearch);
  const merging = useAppSelector((state) => state.holders.mergeTickets.loading);
  useMergeReset();
  useEffect(() => () => void dispatch(M.mergeTargetSearch.actions.reset()), [dispatch]);
  const send = (confirm: boolean) => {
    if (target === null) return;
    dispatch(
      M.mergeTickets.actions.requested({
        target_id: target,
        source_ids: [ticket.id],
        ...(confirm ? { confirm_requesters: true } : {}),
      }),
    );
  };
  const hits = (found.data ?? []).filter((hit) => hit.id !== ticket.id);
  return (
    <WorkDialog
      isOpen
      title={t('mergeTitle', { id: ticket.id })}
      confirmLabel={merging ? t('merging') : t('merge')}
      cancelLabel={t('cancel')}
      onCancel={onClose}
      onConfirm={() => send(false)}
    >
      <p>{t('mergeExplain')}</p>
      <label htmlFor={findId} className="form-label">
        {t('searchLabel')}
      </label>
      <input
        id={findId}
        type="search"
        className="form-control"
        autoComplete="off"
        aria-describedby={hintId}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setTarget(null);
          dispatch(
            M.mergeTargetSearch.actions.requested({
              text: event.target.value,
              exclude_id: ticket.id,
            }),
          );
        }}
      />
      <p id={hintId} className="form-text">
        {t('searchHint')}
      </p>
      {text.trim() !== '' && found.data && (
        <fieldset>
          <legend className="form-label fs-6">{t('targets')}</legend>
          {hits.length === 0 && <p className="text-body-secondary mb-0">{t('noMatches')}</p>}
          {hits.map((hit) => (
            <div key={hit.id} className="form-check">
              <input
                id={`merge-target-${hit.id}`}
                type="radio"
                name="merge-target"
                className="form-check-input"
                checked={target === hit.id}
                onChange={() => setTarget(hit.id)}
              />
              <label htmlFor={`merge-target-${hit.id}`} className="form-check-label">
                #{hit.id} {hit.subject}
              </label>
            </div>
          ))}
        </fieldset>
      )}
      <MergeOutcome onConfirm={() => send(true)} />
    </WorkDialog>
  );
}

/** The list's "Merge…": the agent keeps one of the selected tickets; the others merge into it. */
export function MergeSelectedDialog({
  tickets,
  onClose,
}: {
  tickets: { id: number; subject: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation('merge');
  const dispatch = useAppDispatch();
  const targetId = useId();
  const [target, setTarget] = useState(String(tickets[0]?.id ?? ''));
  const merging = useAppSelector((state) => state.holders.mergeTickets.loading);
  useMergeReset();
  const send = (confirm: boolean) => {
    const keep = Number(target);
    dispatch(
      M.mergeTickets.actions.requested({
        target_id: keep,
        source_ids: tickets.map((x) => x.id).filter((id) => id !== keep),
        ...(confirm ? { confirm_requesters: true } : {}),
      }),
    );
  };
  return (
    <WorkDialog
      isOpen
      title={t('bulkTitle', { count: tickets.length })}
      confirmLabel={merging ? t('merging') : t('merge')}
      cancelLabel={t('cancel')}
      onCancel={onClose}
      onConfirm={() => send(false)}
    >
      <p>{t('bulkExplain')}</p>
      <label htmlFor={targetId} className="form-label">
        {t('bulkTarget')}
      </label>
      <select
        id={targetId}
        className="form-select"
        value={target}
        onChange={(event) => setTarget(event.target.value)}
      >
        {tickets.map((x) => (
          <option key={x.id} value={String(x.id)}>
            #{x.id} {x.subject}
          </option>
        ))}
      </select>
      <MergeOutcome onConfirm={() => send(true)} />
    </WorkDialog>
  );
}

/** "Split out" on a conversation message: it (and optionally the later ones) become a ticket. */
export function SplitDialog({
  ticket,
  messageId,
  onClose,
}: {
  ticket: Ticket;
  messageId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('merge');
  const dispatch = useAppDispatch();
  const subjectId = useId();
  const followingId = useId();
  const errorId = useId();
  const [subject, setSubject] = useState(ticket.subject);
  const [following, setFollowing] = useState(false);
  const [touched, setTouched] = useState(false);
  const requesterId = useId();
  const [who, setWho] = useState('');
  const [requester, setRequester] = useState<{ id: number; fullname: string } | null>(null);
  const people = useAppSelector((state) => state.holders.shareWithSearch);
  const holder = useAppSelector((state) => state.holders.splitTicket);
  useEffect(() => {
    dispatch(M.splitTicket.actions.reset());
    return () => {
      dispatch(M.splitTicket.actions.reset());
      dispatch(workHolders.shareWithSearch.actions.reset());
    };
  }, [dispatch]);
  const trimmed = subject.trim();
  const invalid = trimmed.length === 0 || trimmed.length > 200;
  const fieldError = touched && invalid ? t('subjectRequired') : holder.error?.fields?.subject;
  return (
    <WorkDialog
      isOpen
      title={t('splitTitle')}
      confirmLabel={holder.loading ? t('splitting') : t('splitButton')}
      cancelLabel={t('cancel')}
      onCancel={onClose}
      onConfirm={() => {
        setTouched(true);
        if (invalid) return;
        dispatch(
          M.splitTicket.actions.requested({
            ticket_id: ticket.id,
            message_id: messageId,
            with_following: following,
            subject: trimmed,
            ...(requester ? { requester_id: requester.id } : {}),
          }),
        );
      }}
    >
      <p>{t('splitExplain')}</p>
      <label htmlFor={subjectId} className="form-label">
        {t('subject')}
      </label>
      <input
        id={subjectId}
        className={`form-control ${fieldError ? 'is-invalid' : ''}`}
        value={subject}
        maxLength={200}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={fieldError ? errorId : undefined}
        onChange={(event) => setSubject(event.target.value)}
        onBlur={() => setTouched(true)}
      />
      {fieldError && (
        <div id={errorId} className="invalid-feedback">
          {fieldError}
        </div>
      )}
      <div className="form-check mt-3">
        <input
          id={followingId}
          type="checkbox"
          className="form-check-input"
          checked={following}
          onChange={(event) => setFollowing(event.target.checked)}
        />
        <label htmlFor={followingId} className="form-check-label">
          {t('withFollowing')}
        </label>
      </div>
      <label htmlFor={requesterId} className="form-label mt-3">
        {t('requester')}
      </label>
      <input
        id={requesterId}
        type="search"
        className="form-control"
        autoComplete="off"
        placeholder={ticket.requester_name}
        value={requester ? requester.fullname : who}
        onChange={(event) => {
          setRequester(null);
          setWho(event.target.value);
          dispatch(workHolders.shareWithSearch.actions.requested({ text: event.target.value }));
        }}
      />
      {holder.error?.fields?.requester_id && (
        <div className="text-danger small">{holder.error.fields.requester_id}</div>
      )}
      {!requester && who.trim() !== '' && people.data && (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0" aria-label={t('people')}>
          {people.data.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="btn btn-sm btn-outline-primary"
                onClick={() => setRequester({ id: p.id, fullname: p.fullname })}
              >
                {p.fullname}
              </button>
            </li>
          ))}
        </ul>
      )}
      {holder.error && !holder.error.fields && (
        <div role="alert" className="alert alert-danger mt-3 mb-0">
          {holder.error.message}
        </div>
      )}
      {holder.error?.fields?.message_id && (
        <div role="alert" className="alert alert-danger mt-3 mb-0">
          {holder.error.fields.message_id}
        </div>
      )}
    </WorkDialog>
  );
}

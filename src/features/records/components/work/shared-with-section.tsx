import '../../i18n';
import './i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../../app/hooks';
import type { HdRecord } from '../../types';
import { workHolders } from '../../work-slice';
import type { Person } from '../../work-types';
import { WorkDialog, WorkSection } from './work-dialog';

const W = workHolders;
const ownerId = (record: HdRecord) =>
  record.object_type === 'T' ? record.requester_id : record.author_id;

function ShareDialog({
  record,
  people,
  onClose,
}: {
  record: HdRecord;
  people: Person[];
  onClose: () => void;
}) {
  const { t } = useTranslation('records');
  const dispatch = useAppDispatch();
  const results = useAppSelector((state) => state.holders.shareWithSearch);
  const [chosen, setChosen] = useState<Person[]>(people);
  const [text, setText] = useState('');
  const found = (results.data ?? []).filter(
    (p) => p.id !== ownerId(record) && !chosen.some((c) => c.id === p.id),
  );
  const save = () => {
    dispatch(
      W.editSharedWith.actions.requested({
        type: record.object_type,
        id: record.id,
        user_ids: chosen.map((p) => p.id),
      }),
    );
    onClose();
  };
  return (
    <WorkDialog
      isOpen
      title={t('working:sharedWith.dialogTitle')}
      confirmLabel={t('working:sharedWith.save')}
      cancelLabel={t('working:sharedWith.cancel')}
      onConfirm={save}
      onCancel={onClose}
    >
      <label htmlFor="share-find" className="form-label">
        {t('working:sharedWith.find')}
      </label>
      <input
        id="share-find"
        type="search"
        className="form-control mb-3"
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          dispatch(W.shareWithSearch.actions.requested({ text: event.target.value }));
        }}
      />
      {text.trim() !== '' && results.data && (
        <div role="group" aria-labelledby="share-results" className="mb-3">
          <h3 id="share-results" className="h6">
            {t('working:sharedWith.results')}
          </h3>
          {found.length === 0 ? (
            <p className="text-body-secondary mb-0">{t('working:sharedWith.noResults')}</p>
          ) : (
            <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
              {found.map((person) => (
                <li key={person.id}>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary"
                    aria-label={t('working:sharedWith.add', { name: person.fullname })}
                    onClick={() => setChosen((list) => [...list, person])}
                  >
                    <span aria-hidden="true">+ </span>
                    {person.fullname}
                    {person.email && <span className="ms-1">({person.email})</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <h3 id="share-chosen" className="h6">
        {t('working:sharedWith.chosen')}
      </h3>
      {chosen.length === 0 ? (
        <p className="text-body-secondary mb-0">{t('working:sharedWith.noneChosen')}</p>
      ) : (
        <ul className="list-group" aria-labelledby="share-chosen">
          {chosen.map((person) => (
            <li
              key={person.id}
              className="list-group-item d-flex align-items-center justify-content-between"
            >
              {person.fullname}
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-label={t('working:sharedWith.remove', { name: person.fullname })}
                onClick={() => setChosen((list) => list.filter((p) => p.id !== person.id))}
              >
                <span aria-hidden="true">✕</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </WorkDialog>
  );
}

/** 'Shared with': the names, and (owner/agent) the Share dialog. */
export function SharedWithSection({ record, canShare }: { record: HdRecord; canShare: boolean }) {
  const { t } = useTranslation('records');
  const dispatch = useAppDispatch();
  const holder = useAppSelector((state) => state.holders.sharedWith);
  const [open, setOpen] = useState(false);
  const people = holder.data ?? [];
  return (
    <WorkSection
      id="shared-with-heading"
      title={t('working:sharedWith.heading')}
      action={
        canShare && (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            onClick={() => {
              dispatch(W.shareWithSearch.actions.reset());
              setOpen(true);
            }}
          >
            {t('working:sharedWith.share')}
          </button>
        )
      }
    >
      {people.length === 0 ? (
        <p className="text-body-secondary mb-0">{t('working:sharedWith.none')}</p>
      ) : (
        <ul className="mb-0">
          {people.map((person) => (
            <li key={person.id}>{person.fullname}</li>
          ))}
        </ul>
      )}
      {open && <ShareDialog record={record} people={people} onClose={() => setOpen(false)} />}
    </WorkSection>
  );
}

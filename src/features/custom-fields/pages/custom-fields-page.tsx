import '../i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { usePageTitle } from '../../../lib/page-title';
import { HolderView } from '../../records/components/states';
import { FieldForm, toWrite } from '../components/field-form';
import { customFieldsHolders } from '../custom-fields-slice';
import type { CustomField, FieldObject } from '../types';

const H = customFieldsHolders;
/** Tickets and content items now; users' and organizations' fields come with their pages. */
const OBJECTS: FieldObject[] = ['T', 'C'];

/** /custom-fields (administrators; the route's adminOnly): each kind of record's fields, in order, with their form. */
export default function CustomFieldsPage() {
  const { t, i18n } = useTranslation('customFields');
  usePageTitle(t('title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('title'), path: '/custom-fields' },
  ]);
  const dispatch = useAppDispatch();
  const list = useAppSelector((state) => state.holders.customFields);
  const save = useAppSelector((state) => state.holders.saveCustomField);
  const removal = useAppSelector((state) => state.holders.deleteCustomField);
  const reordering = useAppSelector((state) => state.holders.reorderCustomFields.loading);
  const [objectType, setObjectType] = useState<FieldObject>('T');
  const [editing, setEditing] = useState<CustomField | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomField | null>(null);

  useEffect(() => {
    dispatch(H.customFields.actions.requested(objectType));
  }, [dispatch, objectType]);
  useEffect(
    () => () => {
      dispatch(H.saveCustomField.actions.reset());
      dispatch(H.deleteCustomField.actions.reset());
    },
    [dispatch],
  );
  // A save that went through closes the form; a deletion closes its dialog (once per answer).
  const [savedSeen, setSavedSeen] = useState<unknown>(null);
  const [deletedSeen, setDeletedSeen] = useState<unknown>(null);
  if (save.data && save.data !== savedSeen) {
    setSavedSeen(save.data);
    setEditing(null);
  }
  if (removal.data && removal.data !== deletedSeen) {
    setDeletedSeen(removal.data);
    setDeleting(null);
  }
  const open = (target: CustomField | 'new') => {
    dispatch(H.saveCustomField.actions.reset());
    setEditing(target);
  };

  const fields = list.data?.fields ?? [];
  const move = (index: number, by: -1 | 1) => {
    const ids = fields.map((f) => f.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    dispatch(H.reorderCustomFields.actions.requested({ objectType, ids }));
  };
  const labelOf = (f: CustomField) => (i18n.language.startsWith('es') ? f.label_es : f.label_en);
  // The 409 of a first deletion names how many records carry a value: asked again with it.
  const inUse = removal.error?.status === 409 ? removal.error.message : null;

  const body = (
    <HolderView
      holder={list}
      loadError={t('loadError')}
      onRetry={() => dispatch(H.customFields.actions.requested(objectType))}
      empty={t('empty')}
      isEmpty={(data) => data.fields.length === 0}
    >
      {() => (
        <div className="table-responsive">
          <table className="table align-middle">
            <caption className="visually-hidden">{t('title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.order')}</th>
                <th scope="col">{t('columns.label')}</th>
                <th scope="col">{t('columns.key')}</th>
                <th scope="col">{t('columns.type')}</th>
                <th scope="col">{t('columns.state')}</th>
                <th scope="col">{t('columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {fields.map((f, i) => (
                <tr key={f.id}>
                  <td>{i + 1}</td>
                  <td>{labelOf(f)}</td>
                  <td>
                    <code>{f.key}</code>
                  </td>
                  <td>{t(`types.${f.type}`)}</td>
                  <td>{f.active ? t('active') : t('inactive')}</td>
                  <td>
                    <div className="d-flex flex-wrap gap-1">
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-secondary"
                        disabled={i === 0 || reordering}
                        aria-label={t('upNamed', { label: labelOf(f) })}
                        onClick={() => move(i, -1)}
                      >
                        <span aria-hidden="true">↑</span> {t('up')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-secondary"
                        disabled={i === fields.length - 1 || reordering}
                        aria-label={t('downNamed', { label: labelOf(f) })}
                        onClick={() => move(i, 1)}
                      >
                        <span aria-hidden="true">↓</span> {t('down')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary"
                        aria-label={t('editNamed', { label: labelOf(f) })}
                        onClick={() => open(f)}
                      >
                        {t('edit')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger"
                        aria-label={t('deleteNamed', { label: labelOf(f) })}
                        onClick={() => {
                          dispatch(H.deleteCustomField.actions.reset());
                          setDeleting(f);
                        }}
                      >
                        {t('delete')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </HolderView>
  );

  return (
    <div>
      <p>{t('intro')}</p>
      <div className="mb-3" style={{ maxWidth: '20rem' }}>
        <label className="form-label" htmlFor="custom-fields-object">
          {t('object')}
        </label>
        <select
          id="custom-fields-object"
          className="form-select"
          value={objectType}
          onChange={(e) => {
            setEditing(null);
            setObjectType(e.target.value as FieldObject);
          }}
        >
          {OBJECTS.map((o) => (
            <option key={o} value={o}>
              {t(`objects.${o}`)}
            </option>
          ))}
        </select>
      </div>
      {editing === null ? (
        <button type="button" className="btn btn-primary mb-3" onClick={() => open('new')}>
          {t('add')}
        </button>
      ) : (
        <FieldForm
          key={editing === 'new' ? `new-${objectType}` : `${editing.id}-${editing.version}`}
          field={editing === 'new' ? null : editing}
          objectType={objectType}
          saving={save.loading}
          error={save.error}
          onSave={(values) => {
            const field = editing === 'new' ? null : editing;
            const { editable, create } = toWrite(values, objectType, field);
            dispatch(
              H.saveCustomField.actions.requested(
                field === null
                  ? { objectType, create }
                  : { id: field.id, objectType, edit: { ...editable, version: field.version } },
              ),
            );
          }}
          onCancel={() => {
            setEditing(null);
            dispatch(H.saveCustomField.actions.reset());
          }}
        />
      )}
      {body}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('confirmDelete.title')}
        text={
          deleting ? (inUse ?? t('confirmDelete.text', { label: labelOf(deleting) })) : undefined
        }
        confirmLabel={inUse ? t('confirmDelete.withValues') : t('confirmDelete.confirm')}
        cancelLabel={t('confirmDelete.cancel')}
        danger
        busy={removal.loading}
        onConfirm={() => {
          if (deleting) {
            dispatch(
              H.deleteCustomField.actions.requested({
                id: deleting.id,
                objectType,
                confirm: inUse !== null,
              }),
            );
          }
        }}
        onCancel={() => {
          setDeleting(null);
          dispatch(H.deleteCustomField.actions.reset());
        }}
      />
    </div>
  );
}

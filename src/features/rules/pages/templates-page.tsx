import '../i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { usePageTitle } from '../../../lib/page-title';
import { customFieldsHolders } from '../../custom-fields/custom-fields-slice';
import { ErrorState, Loading } from '../../records/components/states';
import { TemplateEditor, templateWrite } from '../components/template-editor';
import { rulesHolders } from '../rules-slice';
import type { RuleTemplate } from '../types';

const H = rulesHolders;

/** /templates (administrators): the triggers' mail and note templates, by name. */
export default function TemplatesPage() {
  const { t } = useTranslation('rules');
  usePageTitle(t('templates.title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('templates.title'), path: '/templates' },
  ]);
  const dispatch = useAppDispatch();
  const list = useAppSelector((s) => s.holders.ruleTemplates);
  const save = useAppSelector((s) => s.holders.saveTemplate);
  const removal = useAppSelector((s) => s.holders.deleteTemplate);
  const fieldSet = useAppSelector((s) => s.holders.customFields.data);
  const fields = (fieldSet?.fields ?? []).filter((f) => f.object_type === 'T' && f.active);
  const [editing, setEditing] = useState<RuleTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RuleTemplate | null>(null);

  useEffect(() => {
    dispatch(H.ruleTemplates.actions.requested());
    dispatch(customFieldsHolders.customFields.actions.requested('T'));
    return () => {
      dispatch(H.saveTemplate.actions.reset());
      dispatch(H.deleteTemplate.actions.reset());
    };
  }, [dispatch]);
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
  const open = (target: RuleTemplate | 'new') => {
    dispatch(H.saveTemplate.actions.reset());
    setEditing(target);
  };
  const templates = list.data ?? [];

  let body: React.ReactNode;
  if (list.loading && !list.data) body = <Loading />;
  else if (list.error && !list.data)
    body = (
      <ErrorState
        message={t('templates.loadError')}
        onRetry={() => dispatch(H.ruleTemplates.actions.requested())}
      />
    );
  else if (templates.length === 0)
    body = <p className="text-body-secondary">{t('templates.empty')}</p>;
  else
    body = (
      <div className="table-responsive">
        <table className="table align-middle">
          <caption className="visually-hidden">{t('templates.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('templates.columns.name')}</th>
              <th scope="col">{t('templates.columns.subject')}</th>
              <th scope="col">{t('templates.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {templates.map((x) => (
              <tr key={x.id}>
                <td>{x.name}</td>
                <td>{x.subject_en}</td>
                <td>
                  <div className="d-flex flex-wrap gap-1">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary"
                      aria-label={t('templates.editNamed', { name: x.name })}
                      onClick={() => open(x)}
                    >
                      {t('templates.edit')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      aria-label={t('templates.deleteNamed', { name: x.name })}
                      onClick={() => {
                        dispatch(H.deleteTemplate.actions.reset());
                        setDeleting(x);
                      }}
                    >
                      {t('templates.delete')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <div>
      <p>{t('templates.intro')}</p>
      {editing === null ? (
        <button type="button" className="btn btn-primary mb-3" onClick={() => open('new')}>
          {t('templates.add')}
        </button>
      ) : (
        <TemplateEditor
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.updated_at}`}
          template={editing === 'new' ? null : editing}
          fields={fields}
          saving={save.loading}
          error={save.error}
          onSave={(values) =>
            dispatch(
              H.saveTemplate.actions.requested({
                id: editing === 'new' ? undefined : editing.id,
                body: templateWrite(values),
              }),
            )
          }
          onCancel={() => {
            setEditing(null);
            dispatch(H.saveTemplate.actions.reset());
          }}
        />
      )}
      {body}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('templates.confirmDelete.title')}
        text={deleting ? t('templates.confirmDelete.text', { name: deleting.name }) : undefined}
        confirmLabel={t('templates.confirmDelete.confirm')}
        cancelLabel={t('templates.confirmDelete.cancel')}
        danger
        busy={removal.loading}
        error={removal.error?.status === 409 ? removal.error.message : null}
        onConfirm={() => {
          if (deleting)
            dispatch(H.deleteTemplate.actions.requested({ id: deleting.id, name: deleting.name }));
        }}
        onCancel={() => {
          setDeleting(null);
          dispatch(H.deleteTemplate.actions.reset());
        }}
      />
    </div>
  );
}

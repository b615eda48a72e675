import '../i18n';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useConfirm } from '../../../lib/confirm-dialog';
import { usePageTitle } from '../../../lib/page-title';
import { ErrorState } from '../../records/components/states';
import { TagNameForm } from '../components/tag-name-form';
import { tagsHolders } from '../tags-slice';
import type { TagUsage } from '../types';

const H = tagsHolders;

/** Merging one tag into another: the other tag chosen from the list, then a confirmation. */
function MergeForm({
  tag,
  tags,
  onMerge,
  onCancel,
}: {
  tag: TagUsage;
  tags: TagUsage[];
  onMerge: (into: TagUsage) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('tags');
  const id = useId();
  const [into, setInto] = useState('');
  const target = tags.find((other) => String(other.id) === into);
  return (
    <form
      className="d-flex flex-wrap align-items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (target) onMerge(target);
      }}
    >
      <div>
        <label htmlFor={id} className="form-label small mb-1">
          {t('admin.mergeLabel', { name: tag.name })}
        </label>
        <select
          id={id}
          className="form-select form-select-sm"
          value={into}
          onChange={(event) => setInto(event.target.value)}
        >
          <option value="">{t('admin.mergeChoose')}</option>
          {tags
            .filter((other) => other.id !== tag.id)
            .map((other) => (
              <option key={other.id} value={other.id}>
                {other.name}
              </option>
            ))}
        </select>
      </div>
      <button type="submit" className="btn btn-sm btn-primary" disabled={!target}>
        {t('admin.mergeButton')}
      </button>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onCancel}>
        {t('admin.cancel')}
      </button>
    </form>
  );
}

/** /tags (administrators: the route's adminOnly): every tag with how many records carry it; create, rename, merge, delete. */
export default function TagsPage() {
  const { t } = useTranslation('tags');
  usePageTitle(t('admin.title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('admin.title'), path: '/tags' },
  ]);
  const dispatch = useAppDispatch();
  const usage = useAppSelector((state) => state.holders.tagUsage);
  const creating = useAppSelector((state) => state.holders.tagCreate);
  const renaming = useAppSelector((state) => state.holders.tagRename);
  const [editing, setEditing] = useState<{ id: number; mode: 'rename' | 'merge' } | null>(null);
  const { ask, dialog } = useConfirm();

  const load = useCallback(() => dispatch(H.tagUsage.actions.requested()), [dispatch]);
  useEffect(() => {
    load();
    dispatch(H.tagCreate.actions.reset());
    dispatch(H.tagRename.actions.reset());
  }, [dispatch, load]);

  // A successful rename closes its form.
  const [renamed, setRenamed] = useState(renaming.data);
  if (renaming.data !== renamed) {
    setRenamed(renaming.data);
    if (renaming.data) setEditing(null);
  }

  const tags = usage.data;
  const open = (id: number, mode: 'rename' | 'merge') => {
    dispatch(H.tagRename.actions.reset());
    setEditing({ id, mode });
  };
  const askDelete = (tag: TagUsage) =>
    ask({
      title: t('admin.deleteTitle', { name: tag.name }),
      text: t('admin.deleteText', { count: tag.used_by }),
      confirmLabel: t('admin.confirmDelete'),
      cancelLabel: t('admin.cancel'),
      danger: true,
      onConfirm: () => dispatch(H.tagDelete.actions.requested({ id: tag.id, name: tag.name })),
    });
  const askMerge = (tag: TagUsage, into: TagUsage) =>
    ask({
      title: t('admin.mergeTitle', { from: tag.name, into: into.name }),
      text: t('admin.mergeText', { count: tag.used_by, from: tag.name, into: into.name }),
      confirmLabel: t('admin.confirmMerge'),
      cancelLabel: t('admin.cancel'),
      danger: true,
      onConfirm: () => {
        setEditing(null);
        dispatch(H.tagMerge.actions.requested({ id: tag.id, into, from: tag.name }));
      },
    });

  let body: React.ReactNode;
  if (tags) {
    body =
      tags.length === 0 ? (
        <p>{t('admin.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th scope="col">{t('admin.name')}</th>
                <th scope="col">{t('admin.usedBy')}</th>
                <th scope="col">{t('admin.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {tags.map((tag) => (
                <tr key={tag.id}>
                  <td>{tag.name}</td>
                  <td>{t('admin.records', { count: tag.used_by })}</td>
                  <td>
                    {editing?.id === tag.id && editing.mode === 'rename' ? (
                      <TagNameForm
                        label={t('admin.renameLabel', { name: tag.name })}
                        submitLabel={t('admin.save')}
                        initial={tag.name}
                        loading={renaming.loading}
                        error={renaming.error}
                        done={renaming.data}
                        onSubmit={(name) =>
                          dispatch(H.tagRename.actions.requested({ id: tag.id, name }))
                        }
                        onCancel={() => setEditing(null)}
                      />
                    ) : editing?.id === tag.id && editing.mode === 'merge' ? (
                      <MergeForm
                        tag={tag}
                        tags={tags}
                        onMerge={(into) => askMerge(tag, into)}
                        onCancel={() => setEditing(null)}
                      />
                    ) : (
                      <div className="d-flex flex-wrap gap-2">
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-primary"
                          aria-label={`${t('admin.rename')}: ${tag.name}`}
                          onClick={() => open(tag.id, 'rename')}
                        >
                          {t('admin.rename')}
                        </button>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-primary"
                          aria-label={`${t('admin.merge')}: ${tag.name}`}
                          disabled={tags.length < 2}
                          onClick={() => open(tag.id, 'merge')}
                        >
                          {t('admin.merge')}
                        </button>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-danger"
                          aria-label={`${t('admin.delete')}: ${tag.name}`}
                          onClick={() => askDelete(tag)}
                        >
                          {t('admin.delete')}
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  } else if (usage.error && !usage.loading) {
    body = <ErrorState message={t('admin.loadError')} onRetry={load} />;
  } else {
    body = (
      <div className="d-flex align-items-center gap-2 py-4" role="status">
        <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
        <span>{t('admin.loading')}</span>
      </div>
    );
  }

  return (
    <div>
      <p className="text-body-secondary">{t('admin.intro')}</p>
      <div className="card card-body mb-3">
        <TagNameForm
          label={t('admin.newLabel')}
          submitLabel={t('admin.create')}
          loading={creating.loading}
          error={creating.error}
          done={creating.data}
          onSubmit={(name) => dispatch(H.tagCreate.actions.requested({ name }))}
        />
      </div>
      {body}
      {dialog}
    </div>
  );
}

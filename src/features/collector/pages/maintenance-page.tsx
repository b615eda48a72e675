import '../i18n';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { isOneLine } from '../../../lib/one-line';
import { usePageTitle } from '../../../lib/page-title';
import type { ErrorInfo } from '../../../lib/types';
import { collectorHolders } from '../collector-slice';
import { CategoryDialog } from '../components/category-dialog';
import { CollectorTree, flattenNodes } from '../components/collector-tree';
import { ROOT, type CollectorNode, type NodesByParent } from '../types';

const H = collectorHolders;
type Mode = 'rename' | 'move' | 'delete';

const fieldError = (error: ErrorInfo | null, field: string) =>
  error
    ? (error.fields?.[field] ?? (error.status === 400 || error.status === 409 ? error.message : ''))
    : '';

/** Every loaded node but `exclude` and its descendants (a node cannot move under those). */
function parentOptions(nodes: NodesByParent | null, exclude?: number) {
  const out: { node: CollectorNode; depth: number }[] = [];
  let skipBelow: number | null = null;
  for (const row of flattenNodes(nodes)) {
    if (skipBelow !== null && row.depth > skipBelow) continue;
    skipBelow = null;
    if (row.node.category_id === exclude) skipBelow = row.depth;
    else out.push(row);
  }
  return out;
}

/** The id of the node's parent among the loaded nodes ('' for a root): the API gives none. */
function parentOf(nodes: NodesByParent | null, id: number): string {
  const entry = Object.entries(nodes ?? {}).find(([, list]) =>
    list.some((n) => n.category_id === id),
  );
  return entry && Number(entry[0]) !== ROOT ? entry[0] : '';
}

function ParentSelect({
  id,
  value,
  onChange,
  nodes,
  exclude,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  nodes: NodesByParent | null;
  exclude?: number;
}) {
  const { t } = useTranslation('collector');
  const options = parentOptions(nodes, exclude);
  return (
    <>
      <label htmlFor={id} className="form-label">
        {t('maintenance.parent')}
      </label>
      <select
        id={id}
        className="form-select"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t('maintenance.topLevel')}</option>
        {options.map(({ node, depth }) => (
          <option key={node.category_id} value={String(node.category_id)}>
            {`${'\u00a0\u00a0\u00a0'.repeat(depth)}${node.category_name}`}
          </option>
        ))}
      </select>
    </>
  );
}

function NewCategory({ nodes }: { nodes: NodesByParent | null }) {
  const { t } = useTranslation('collector');
  const dispatch = useAppDispatch();
  const holder = useAppSelector((state) => state.holders.addCategory);
  const [name, setName] = useState('');
  const [parent, setParent] = useState('');
  const [sent, setSent] = useState(false);
  const [localError, setLocalError] = useState('');
  if (sent && !holder.loading && holder.data && !holder.error) {
    setSent(false);
    setName('');
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setLocalError(t('maintenance.nameRequired'));
      return;
    }
    if (!isOneLine(name.trim())) {
      setLocalError(t('common:validation.oneLine'));
      return;
    }
    setLocalError('');
    setSent(true);
    dispatch(
      H.addCategory.actions.requested({
        category_name: name.trim(),
        ...(parent ? { parent_id: Number(parent) } : {}),
      }),
    );
  };
  const error = localError || (sent ? fieldError(holder.error, 'category_name') : '');
  return (
    <form
      className="card card-body mb-4"
      aria-labelledby="new-category-heading"
      onSubmit={submit}
      noValidate
    >
      <h2 id="new-category-heading" className="h5">
        {t('maintenance.newCategory')}
      </h2>
      <div className="row g-2 align-items-start">
        <div className="col-md-5">
          <label htmlFor="new-category-name" className="form-label">
            {t('maintenance.name')}
          </label>
          <input
            id="new-category-name"
            className={`form-control${error ? ' is-invalid' : ''}`}
            value={name}
            maxLength={100}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'new-category-name-error' : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          {error && (
            <div id="new-category-name-error" className="invalid-feedback d-block">
              {error}
            </div>
          )}
        </div>
        <div className="col-md-4">
          <ParentSelect
            id="new-category-parent"
            value={parent}
            onChange={setParent}
            nodes={nodes}
          />
        </div>
        <div className="col-md-3 align-self-end">
          <button type="submit" className="btn btn-primary" disabled={holder.loading}>
            {t('maintenance.add')}
          </button>
        </div>
      </div>
    </form>
  );
}

function NodeDialog({
  mode,
  node,
  nodes,
  onClose,
}: {
  mode: Mode;
  node: CollectorNode;
  nodes: NodesByParent | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('collector');
  const dispatch = useAppDispatch();
  const key =
    mode === 'rename' ? 'renameCategory' : mode === 'move' ? 'moveCategory' : 'deleteCategory';
  const holder = useAppSelector((state) => state.holders[key]);
  const [name, setName] = useState(node.category_name);
  const [nameError, setNameError] = useState('');
  const [parent, setParent] = useState(() => parentOf(nodes, node.category_id));
  const [sent, setSent] = useState(false);
  useEffect(() => {
    dispatch(H[key].actions.reset());
  }, [dispatch, key]);
  useEffect(() => {
    if (sent && !holder.loading && holder.data && !holder.error) onClose();
  }, [sent, holder, onClose]);
  const submit = () => {
    if (mode === 'rename' && !isOneLine(name.trim())) {
      setNameError(t('common:validation.oneLine'));
      return;
    }
    setNameError('');
    setSent(true);
    const id = node.category_id;
    if (mode === 'rename') {
      dispatch(H.renameCategory.actions.requested({ category_id: id, category_name: name.trim() }));
    } else if (mode === 'move') {
      dispatch(
        H.moveCategory.actions.requested({
          category_id: id,
          parent_id: parent ? Number(parent) : null,
        }),
      );
    } else dispatch(H.deleteCategory.actions.requested({ category_id: id }));
  };
  const error = sent && holder.error ? holder.error : null;
  if (mode === 'delete') {
    // The shared confirmation; it stays open to say why the server refused (a category in use).
    return (
      <ConfirmDialog
        isOpen
        title={t('maintenance.deleteTitle')}
        text={t('maintenance.deleteText', { name: node.category_name })}
        confirmLabel={t('maintenance.delete')}
        cancelLabel={t('maintenance.cancel')}
        danger
        busy={holder.loading}
        error={error?.message ?? null}
        onConfirm={submit}
        onCancel={onClose}
      />
    );
  }
  if (mode === 'move') {
    const message = error ? fieldError(error, 'parent_id') || error.message : '';
    return (
      <CategoryDialog
        title={t('maintenance.moveTitle')}
        action={t('maintenance.move')}
        busy={holder.loading}
        onSubmit={submit}
        onCancel={onClose}
      >
        <ParentSelect
          id="move-category-parent"
          value={parent}
          onChange={setParent}
          nodes={nodes}
          exclude={node.category_id}
        />
        {message && (
          <div className="alert alert-danger mt-2 mb-0" role="alert">
            {message}
          </div>
        )}
      </CategoryDialog>
    );
  }
  const message = nameError || (error ? fieldError(error, 'category_name') || error.message : '');
  return (
    <CategoryDialog
      title={t('maintenance.renameTitle')}
      action={t('maintenance.save')}
      busy={holder.loading}
      onSubmit={submit}
      onCancel={onClose}
    >
      <label htmlFor="rename-category-name" className="form-label">
        {t('maintenance.name')}
      </label>
      <input
        id="rename-category-name"
        className={`form-control${message ? ' is-invalid' : ''}`}
        value={name}
        maxLength={100}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? 'rename-category-error' : undefined}
        onChange={(event) => setName(event.target.value)}
      />
      {message && (
        <div id="rename-category-error" className="invalid-feedback d-block">
          {message}
        </div>
      )}
    </CategoryDialog>
  );
}

/** /content-collector-maintenance (agents): add, rename, move and delete categories. */
export default function MaintenancePage() {
  const { t } = useTranslation('collector');
  usePageTitle(t('maintenance.title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('maintenance.title'), path: '/content-collector-maintenance' },
  ]);
  const nodes = useAppSelector((state) => state.holders.collectorNodes.data);
  const [dialog, setDialog] = useState<{ mode: Mode; node: CollectorNode } | null>(null);
  const [closeDialog] = useState(() => () => setDialog(null));
  const action = (mode: Mode, node: CollectorNode, label: string, danger = false) => (
    <button
      type="button"
      className={`btn btn-sm ${danger ? 'btn-outline-danger' : 'btn-outline-secondary'} py-0`}
      onClick={() => setDialog({ mode, node })}
    >
      {label}
    </button>
  );
  return (
    <div>
      <NewCategory nodes={nodes} />
      <section aria-labelledby="maintenance-tree-heading">
        <h2 id="maintenance-tree-heading" className="h5">
          {t('categories')}
        </h2>
        <CollectorTree
          name={t('categories')}
          label={(node) => (
            <span className="me-2">
              {t('nodeWithCount', { name: node.category_name, count: node.content_count })}
            </span>
          )}
          actions={(node) => (
            <span className="d-inline-flex gap-1">
              {action('rename', node, t('maintenance.renameNode', { name: node.category_name }))}
              {action('move', node, t('maintenance.moveNode', { name: node.category_name }))}
              {action(
                'delete',
                node,
                t('maintenance.deleteNode', { name: node.category_name }),
                true,
              )}
            </span>
          )}
        />
      </section>
      {dialog && (
        <NodeDialog mode={dialog.mode} node={dialog.node} nodes={nodes} onClose={closeDialog} />
      )}
    </div>
  );
}

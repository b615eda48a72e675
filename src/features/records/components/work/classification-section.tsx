import '../../i18n';
import './i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../../app/hooks';
import type { HdRecord } from '../../types';
import { workHolders } from '../../work-slice';
import type { TaxonomyNode } from '../../work-types';
import { WorkDialog, WorkSection } from './work-dialog';

const W = workHolders;

interface Choice {
  selected: Map<number, TaxonomyNode>;
  toggle: (node: TaxonomyNode) => void;
}

function FavouriteToggle({ node }: { node: TaxonomyNode }) {
  const { t } = useTranslation('records');
  const dispatch = useAppDispatch();
  const favourites = useAppSelector((state) => state.holders.favoriteTaxonomy.data);
  const isFavourite = (favourites ?? []).some((f) => f.category_id === node.category_id);
  const name = node.category_name;
  return (
    <button
      type="button"
      className="btn btn-sm btn-link p-0 ms-2 favourite-toggle"
      aria-label={
        isFavourite
          ? t('working:classification.removeFavourite', { name })
          : t('working:classification.addFavourite', { name })
      }
      onClick={() =>
        dispatch(
          isFavourite
            ? W.removeFavorite.actions.requested(node)
            : W.addFavorite.actions.requested(node),
        )
      }
    >
      <span aria-hidden="true">{isFavourite ? '★' : '☆'}</span>
    </button>
  );
}

function NodeCheckbox({
  node,
  prefix,
  choice,
  showPath = false,
}: {
  node: TaxonomyNode;
  prefix: string;
  choice: Choice;
  showPath?: boolean;
}) {
  const id = `${prefix}-${node.category_id}`;
  return (
    <span className="d-inline-flex align-items-center flex-wrap">
      <input
        id={id}
        type="checkbox"
        className="form-check-input me-2 mt-0"
        checked={choice.selected.has(node.category_id)}
        onChange={() => choice.toggle(node)}
        aria-describedby={showPath ? `${id}-path` : undefined}
      />
      <label htmlFor={id} className="form-check-label">
        {node.category_name}
      </label>
      {showPath && (
        <small id={`${id}-path`} className="text-body-secondary ms-2">
          {node.path}
        </small>
      )}
      <FavouriteToggle node={node} />
    </span>
  );
}

function TreeItem({ node, level, choice }: { node: TaxonomyNode; level: number; choice: Choice }) {
  const { t } = useTranslation('records');
  const dispatch = useAppDispatch();
  const children = useAppSelector((state) => state.holders.childNodes.data?.[node.category_id]);
  const [open, setOpen] = useState(false);
  const name = node.category_name;
  const toggleOpen = () => {
    if (!open && !children) {
      dispatch(W.childNodes.actions.requested({ category_id: node.category_id }));
    }
    setOpen(!open);
  };
  return (
    <li
      role="treeitem"
      aria-level={level}
      aria-expanded={node.has_children ? open : undefined}
      className="py-1"
      onKeyDown={(event) => {
        // Arrow keys open and close the item whose own row has the focus (not a child's).
        if ((event.target as HTMLElement).closest('li') !== event.currentTarget) return;
        if (event.key === 'ArrowRight' && node.has_children && !open) toggleOpen();
        if (event.key === 'ArrowLeft' && open) toggleOpen();
      }}
    >
      <span className="d-flex align-items-center">
        {node.has_children ? (
          <button
            type="button"
            className="btn btn-sm btn-link p-0 me-1 tree-toggle"
            aria-label={
              open
                ? t('working:classification.collapse', { name })
                : t('working:classification.expand', { name })
            }
            onClick={toggleOpen}
          >
            <span aria-hidden="true">{open ? '▾' : '▸'}</span>
          </button>
        ) : (
          <span className="tree-spacer me-1" aria-hidden="true" />
        )}
        <NodeCheckbox node={node} prefix="tree" choice={choice} />
      </span>
      {open && (
        <ul role="group" className="list-unstyled ps-4 mb-0">
          {(children ?? []).map((child) => (
            <TreeItem key={child.category_id} node={child} level={level + 1} choice={choice} />
          ))}
        </ul>
      )}
    </li>
  );
}

function ClassifyDialog({
  record,
  nodes,
  onClose,
}: {
  record: HdRecord;
  nodes: TaxonomyNode[];
  onClose: () => void;
}) {
  const { t } = useTranslation('records');
  const dispatch = useAppDispatch();
  const roots = useAppSelector((state) => state.holders.classificationNodes);
  const favourites = useAppSelector((state) => state.holders.favoriteTaxonomy);
  const found = useAppSelector((state) => state.holders.taxonomySearch);
  const [text, setText] = useState('');
  const [selected, setSelected] = useState(
    () => new Map(nodes.map((node) => [node.category_id, node])),
  );
  useEffect(() => {
    dispatch(W.taxonomySearch.actions.reset());
    dispatch(W.favoriteTaxonomy.actions.requested());
    dispatch(W.classificationNodes.actions.requested());
  }, [dispatch]);
  const choice: Choice = {
    selected,
    toggle: (node) =>
      setSelected((current) => {
        const next = new Map(current);
        if (next.has(node.category_id)) next.delete(node.category_id);
        else next.set(node.category_id, node);
        return next;
      }),
  };
  const save = () => {
    dispatch(
      W.editTaxonomy.actions.requested({
        type: record.object_type,
        id: record.id,
        category_ids: [...selected.keys()],
      }),
    );
    onClose();
  };
  return (
    <WorkDialog
      isOpen
      size="lg"
      title={t('working:classification.dialogTitle')}
      confirmLabel={t('working:classification.save')}
      cancelLabel={t('working:classification.cancel')}
      onConfirm={save}
      onCancel={onClose}
    >
      <label htmlFor="classify-search" className="form-label">
        {t('working:classification.search')}
      </label>
      <input
        id="classify-search"
        type="search"
        className="form-control mb-3"
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          dispatch(W.taxonomySearch.actions.requested({ text: event.target.value }));
        }}
      />
      {text.trim() !== '' && found.data && (
        <div role="group" aria-labelledby="classify-results" className="mb-3">
          <h3 id="classify-results" className="h6">
            {t('working:classification.results')}
          </h3>
          {found.data.length === 0 ? (
            <p className="text-body-secondary mb-0">{t('working:classification.noResults')}</p>
          ) : (
            <ul className="list-unstyled mb-0">
              {found.data.map((node) => (
                <li key={node.category_id} className="py-1">
                  <NodeCheckbox node={node} prefix="found" choice={choice} showPath />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div role="group" aria-labelledby="classify-favourites" className="mb-3">
        <h3 id="classify-favourites" className="h6">
          {t('working:classification.favourites')}
        </h3>
        {(favourites.data ?? []).length === 0 ? (
          <p className="text-body-secondary mb-0">{t('working:classification.noFavourites')}</p>
        ) : (
          <ul className="list-unstyled mb-0">
            {(favourites.data ?? []).map((node) => (
              <li key={node.category_id} className="py-1">
                <NodeCheckbox node={node} prefix="fav" choice={choice} showPath />
              </li>
            ))}
          </ul>
        )}
      </div>
      <h3 id="classify-tree" className="h6">
        {t('working:classification.tree')}
      </h3>
      {roots.loading && !roots.data && (
        <p role="status" className="mb-0">
          {t('working:classification.loading')}
        </p>
      )}
      <ul role="tree" aria-labelledby="classify-tree" className="list-unstyled mb-0">
        {(roots.data ?? []).map((node) => (
          <TreeItem key={node.category_id} node={node} level={1} choice={choice} />
        ))}
      </ul>
    </WorkDialog>
  );
}

/** 'Classification': the nodes' paths, and (owner/agent) the Classify dialog. */
export function ClassificationSection({
  record,
  canClassify,
}: {
  record: HdRecord;
  canClassify: boolean;
}) {
  const { t } = useTranslation('records');
  const holder = useAppSelector((state) => state.holders.recordTaxonomy);
  const [open, setOpen] = useState(false);
  const nodes = holder.data ?? [];
  return (
    <WorkSection
      id="classification-heading"
      title={t('working:classification.heading')}
      action={
        canClassify && (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            onClick={() => setOpen(true)}
          >
            {t('working:classification.classify')}
          </button>
        )
      }
    >
      {nodes.length === 0 ? (
        <p className="text-body-secondary mb-0">{t('working:classification.none')}</p>
      ) : (
        <ul className="mb-0">
          {nodes.map((node) => (
            <li key={node.category_id}>{node.path}</li>
          ))}
        </ul>
      )}
      {open && <ClassifyDialog record={record} nodes={nodes} onClose={() => setOpen(false)} />}
    </WorkSection>
  );
}

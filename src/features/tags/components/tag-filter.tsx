import '../i18n';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { readTagIds } from '../../records/components/list-query';
import type { Kind } from '../../records/kinds';
import { tagsHolders } from '../tags-slice';
import type { Tag } from '../types';
import { TagChips } from './tag-chips';
import { TagInput } from './tag-input';

/**
 * The lists' tag filter, kept in the URL (`tags=3,7`, `tag_mode=all`) like the others, so a
 * saved view keeps it: chips for the chosen tags (their names read by id), the type-ahead to add
 * one, and whether a record needs any or all of them.
 */
export function TagFilter({
  kind,
  params,
  onChange,
}: {
  kind: Kind;
  params: URLSearchParams;
  onChange: (name: string, value: string) => void;
}) {
  const { t } = useTranslation('tags');
  const dispatch = useAppDispatch();
  const modeId = useId();
  const ids = readTagIds(params);
  const key = ids.join(',');
  const known = useAppSelector((state) => state.holders.tagChoices.data);
  const missing = ids.some((id) => !known?.some((tag) => tag.id === id));
  useEffect(() => {
    if (key && missing) {
      dispatch(tagsHolders.tagChoices.actions.requested({ ids: key.split(',').map(Number) }));
    }
  }, [key, missing, dispatch]);
  const chosen: Tag[] = ids.map(
    (id) => known?.find((tag) => tag.id === id) ?? { id, name: `#${id}` },
  );
  const setIds = (next: number[]) => onChange('tags', next.join(','));
  return (
    <div className="col-sm-6 col-lg-3" data-kind={kind.key}>
      <TagInput
        label={t('filter.add')}
        exclude={chosen}
        disabled={ids.length >= 10}
        onPick={(pick) => {
          if ('tag' in pick) {
            // Known at once: its chip needs no call.
            if (!known?.some((tag) => tag.id === pick.tag.id)) {
              dispatch(tagsHolders.tagChoices.actions.succeeded([...(known ?? []), pick.tag]));
            }
            setIds([...ids, pick.tag.id]);
          }
        }}
      />
      {ids.length > 0 && (
        <>
          <TagChips
            tags={chosen}
            className="mt-1"
            onRemove={(tag) => setIds(ids.filter((id) => id !== tag.id))}
          />
          {ids.length > 1 && (
            <div className="mt-1">
              <label htmlFor={modeId} className="form-label small mb-0">
                {t('filter.mode')}
              </label>
              <select
                id={modeId}
                className="form-select form-select-sm"
                value={params.get('tag_mode') === 'all' ? 'all' : 'any'}
                onChange={(event) =>
                  onChange('tag_mode', event.target.value === 'all' ? 'all' : '')
                }
              >
                <option value="any">{t('filter.any')}</option>
                <option value="all">{t('filter.all')}</option>
              </select>
            </div>
          )}
        </>
      )}
    </div>
  );
}

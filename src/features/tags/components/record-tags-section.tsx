import '../i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { HdRecord } from '../../records/types';
import { tagsHolders } from '../tags-slice';
import { TagChips } from './tag-chips';
import { TagInput } from './tag-input';

const H = tagsHolders;

/**
 * The record's tags on its side panel: chips, and for its owner and agents a remove button on
 * each and the type-ahead to add one (existing or new). The tags came with the record view's
 * one call; a change answers the record's tags, which the record then shows.
 */
export function RecordTagsSection({ record, canTag }: { record: HdRecord; canTag: boolean }) {
  const { t } = useTranslation('tags');
  const dispatch = useAppDispatch();
  const adding = useAppSelector((state) => state.holders.recordTagAdd);
  const removing = useAppSelector((state) => state.holders.recordTagRemove.loading);
  const ref = { type: record.object_type, id: record.id };
  const tags = record.tags;
  // A field message belongs to this record's last add only.
  const [lastFor, setLastFor] = useState<number | null>(null);
  useEffect(() => () => void dispatch(H.recordTagAdd.actions.reset()), [dispatch, record.id]);
  const error =
    lastFor === record.id
      ? (adding.error?.fields?.name ?? adding.error?.fields?.tag_id)
      : undefined;
  return (
    <section aria-labelledby="tags-heading" className="card">
      <div className="card-body py-2">
        <h2 id="tags-heading" className="h6 mb-2">
          {t('heading')}
        </h2>
        {tags.length ? (
          <TagChips
            tags={tags}
            className="mb-2"
            disabled={removing}
            onRemove={
              canTag
                ? (tag) => dispatch(H.recordTagRemove.actions.requested({ ...ref, tag }))
                : undefined
            }
          />
        ) : (
          <p className="small text-body-secondary mb-2">{t('none')}</p>
        )}
        {canTag && (
          <TagInput
            label={t('add.label')}
            allowCreate
            exclude={tags}
            error={error}
            disabled={adding.loading}
            onPick={(pick) => {
              setLastFor(record.id);
              dispatch(
                H.recordTagAdd.actions.requested(
                  'tag' in pick ? { ...ref, tag_id: pick.tag.id } : { ...ref, name: pick.name },
                ),
              );
            }}
          />
        )}
      </div>
    </section>
  );
}

// The custom fields an hd list works with (filters, columns, sort, "Set field"): the kind's
// active definitions, read once per kind (GET custom-fields) and labelled in the reader's
// language.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { bulkViewsHolders } from '../bulk-views-slice';
import type { CustomField } from '../../custom-fields/types';
import type { Kind } from '../kinds';

export function useListFields(kind: Kind, enabled = true): CustomField[] {
  const dispatch = useAppDispatch();
  const holder = useAppSelector((state) => state.holders.listFields);
  // Read when a list of this kind opens: the definitions may have changed since (an admin's
  // edit), and the holder may hold the other kind's.
  useEffect(() => {
    if (enabled) dispatch(bulkViewsHolders.listFields.actions.requested(kind.type));
  }, [enabled, dispatch, kind.type]);
  return (holder.data?.fields ?? []).filter((f) => f.object_type === kind.type && f.active);
}

/** A field's label (or a choice's) in the reader's language. */
export function useLabelOf() {
  const { i18n } = useTranslation();
  const es = i18n.language.startsWith('es');
  return (f: { label_en: string; label_es: string }) => (es ? f.label_es : f.label_en);
}

import '../i18n';
import { useTranslation } from 'react-i18next';
import { TagInput } from '../../tags/components/tag-input';

/** Picked tags as chips (each removable), and the tags' type-ahead to add one more. */
export function TagPicker({
  label,
  value,
  names,
  onChange,
  onName,
  error,
}: {
  label: string;
  value: string[];
  /** Tag names by id, for the chips. */
  names: Record<string, string>;
  onChange: (ids: string[]) => void;
  onName: (id: string, name: string) => void;
  error?: string;
}) {
  const { t } = useTranslation('rules');
  return (
    <div>
      {value.length > 0 && (
        <ul className="list-inline mb-1" aria-label={label}>
          {value.map((id) => {
            const name = names[id] ?? `#${id}`;
            return (
              <li key={id} className="list-inline-item badge text-bg-light border">
                {name}{' '}
                <button
                  type="button"
                  className="btn btn-sm btn-link p-0 ms-1"
                  aria-label={t('form.removeTag', { name })}
                  onClick={() => onChange(value.filter((x) => x !== id))}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <TagInput
        label={label}
        exclude={value.map((id) => ({ id: Number(id), name: names[id] ?? '' }))}
        error={error}
        onPick={(pick) => {
          if (!('tag' in pick)) return;
          const id = String(pick.tag.id);
          onName(id, pick.tag.name);
          if (!value.includes(id)) onChange([...value, id]);
        }}
      />
    </div>
  );
}

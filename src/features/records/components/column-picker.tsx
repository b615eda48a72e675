import '../i18n';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface PickableColumn {
  key: string;
  label: string;
}

/** Which columns the list shows (kept in the URL as `cols`, and in a saved view). */
export function ColumnPicker({
  columns,
  shown,
  onChange,
}: {
  columns: PickableColumn[];
  shown: string[];
  onChange: (keys: string[]) => void;
}) {
  const { t } = useTranslation('records');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="position-relative">
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {t('views.columns')}
      </button>
      {open && (
        <fieldset
          id={panelId}
          className="position-absolute end-0 z-3 mt-1 p-2 border rounded bg-body shadow-sm column-picker"
        >
          <legend className="visually-hidden">{t('views.columns')}</legend>
          {columns.map((col) => {
            const id = `${panelId}-${col.key}`;
            return (
              <div key={col.key} className="form-check text-nowrap">
                <input
                  id={id}
                  type="checkbox"
                  className="form-check-input"
                  checked={shown.includes(col.key)}
                  onChange={(e) =>
                    onChange(
                      e.target.checked
                        ? columns
                            .map((c) => c.key)
                            .filter((k) => k === col.key || shown.includes(k))
                        : shown.filter((k) => k !== col.key),
                    )
                  }
                />
                <label htmlFor={id} className="form-check-label">
                  {col.label}
                </label>
              </div>
            );
          })}
        </fieldset>
      )}
    </div>
  );
}

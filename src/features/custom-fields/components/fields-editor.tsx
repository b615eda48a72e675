import '../field-values-i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../lib/form-field';
import type { ErrorInfo } from '../../../lib/types';
import { fieldsFor, fromText, toText, type FieldValue, type FieldValues } from '../form-values';
import type { CustomField } from '../types';
import { valueFits } from '../values';
import { FieldControl, type AgentOption } from './field-control';

/**
 * A user's or organization's custom fields, changed by an agent: each by its type, the changes
 * saved together; a failed save keeps them, with each field's message under it (the server's
 * `fields.<key>`) or, for stale definitions (409), a note above (the caller reloads them).
 */
export function FieldsEditor({
  idPrefix,
  definitions,
  values,
  saving,
  error,
  onSave,
  agents,
}: {
  idPrefix: string;
  definitions: readonly CustomField[];
  values: FieldValues;
  saving: boolean;
  /** The last save's failure. */
  error: ErrorInfo | null;
  onSave: (changed: FieldValues) => void;
  agents?: readonly AgentOption[];
}) {
  const { t } = useTranslation('fieldValues');
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  // What the last answer was: success clears the changes (read during render).
  const [seen, setSeen] = useState({ saving, error });
  if (seen.saving !== saving || seen.error !== error) {
    setSeen({ saving, error });
    if (seen.saving && !saving) {
      if (!error) {
        setEdits({});
        setInvalid({});
      } else {
        const byField: Record<string, string> = {};
        for (const [name, text] of Object.entries(error.fields ?? {})) {
          if (name.startsWith('fields.')) byField[name.slice('fields.'.length)] = text;
        }
        setInvalid(byField);
      }
    }
  }
  const fields = fieldsFor(definitions, null, true);
  if (!fields.length) return <p className="text-body-secondary">{t('panel.none')}</p>;
  const changed = fields.filter((f) => f.key in edits && edits[f.key] !== toText(f, values[f.key]));
  const save = () => {
    const problems: Record<string, string> = {};
    const body: FieldValues = {};
    for (const f of changed) {
      const value: FieldValue = fromText(f, edits[f.key]);
      if (!valueFits(f.type, f.choices, value)) problems[f.key] = t(`types.${f.type}`);
      else if (f.required_for_agents && value === null) problems[f.key] = t('required');
      body[f.key] = value;
    }
    setInvalid(problems);
    if (!Object.keys(problems).length) onSave(body);
  };
  const stale = !saving && error?.status === 409;
  return (
    <div>
      {stale && <Alert kind="danger">{t('stale')}</Alert>}
      {fields.map((f) => (
        <FieldControl
          key={f.id}
          field={f}
          id={`${idPrefix}-${f.key}`}
          value={f.key in edits ? edits[f.key] : toText(f, values[f.key])}
          agents={agents}
          disabled={saving}
          error={invalid[f.key]}
          onChange={(v) => setEdits((prev) => ({ ...prev, [f.key]: v }))}
        />
      ))}
      <div className="d-flex gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={saving || changed.length === 0}
          onClick={save}
        >
          {saving ? t('panel.saving') : t('panel.save')}
        </button>
        {changed.length > 0 && (
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={saving}
            onClick={() => {
              setEdits({});
              setInvalid({});
            }}
          >
            {t('panel.discard')}
          </button>
        )}
      </div>
    </div>
  );
}

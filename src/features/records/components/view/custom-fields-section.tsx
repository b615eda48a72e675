import '../../../custom-fields/field-values-i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../../app/hooks';
import { Alert } from '../../../../lib/form-field';
import { FieldControl, FieldText } from '../../../custom-fields/components/field-control';
import {
  canEdit,
  fieldsFor,
  fromText,
  toText,
  type FieldValue,
} from '../../../custom-fields/form-values';
import { labelOf } from '../../../custom-fields/form-values';
import { valueFits } from '../../../custom-fields/values';
import { recordsHolders } from '../../records-slice';
import type { HdRecord } from '../../types';
import { useAssignableAgents } from '../work/use-assignable-agents';

/**
 * The record's custom fields in its side panel: an agent changes any active field of the
 * record's desk, a requester sees those shown to them and changes the ones they may (their own
 * record). Changes wait in the panel until saved together; a failed save (a field's message, a
 * stale record or stale definitions) keeps them. Inactive fields are not shown; their values stay.
 */
export function CustomFieldsSection({
  record,
  agent,
  canChange,
}: {
  record: HdRecord;
  agent: boolean;
  /** Whether this viewer may change the record at all (an agent who may edit, the owner). */
  canChange: boolean;
}) {
  const { t, i18n } = useTranslation('fieldValues');
  const dispatch = useAppDispatch();
  const kindLookups = record.object_type === 'T' ? 'ticketFormLookups' : 'contentFormLookups';
  const set = useAppSelector((state) => state.holders[kindLookups].data?.custom_fields);
  const update = useAppSelector((state) => state.holders.informationUpdate);
  const fields = fieldsFor(set?.fields ?? [], record.hd_id, agent);
  const agents = useAssignableAgents(
    record.hd_id,
    agent && canChange && fields.some((f) => f.type === 'agent'),
  );
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const [asked, setAsked] = useState(false);
  const [stale, setStale] = useState(false);
  // Each stale set of definitions asks for them again (the desks' call brings them).
  const [reloads, setReloads] = useState(0);
  const values = (record.fields ?? {}) as Record<string, FieldValue>;
  const saving = asked && update.loading;

  // The answer to this panel's save (read as it comes, during render): success clears the
  // changes; a failure keeps them, with each field's message under it.
  const [seen, setSeen] = useState(update);
  if (seen !== update) {
    setSeen(update);
    if (asked && !update.loading) {
      setAsked(false);
      if (update.error) {
        setStale(update.error.status === 409);
        if (update.error.status === 409 && update.error.current === undefined) {
          setReloads((n) => n + 1);
        }
        const byField: Record<string, string> = {};
        for (const [name, text] of Object.entries(update.error.fields ?? {})) {
          if (name.startsWith('fields.')) byField[name.slice('fields.'.length)] = text;
        }
        setInvalid(byField);
      } else {
        setEdits({});
        setInvalid({});
        setStale(false);
      }
    }
  }
  useEffect(() => {
    if (reloads === 0) return;
    dispatch(
      (record.object_type === 'T'
        ? recordsHolders.ticketHelpDesk
        : recordsHolders.contentHelpDesk
      ).actions.requested(),
    );
  }, [reloads, dispatch, record.object_type]);

  if (!set || fields.length === 0) return null;
  const changed = fields.filter((f) => f.key in edits && edits[f.key] !== toText(f, values[f.key]));
  const save = () => {
    const problems: Record<string, string> = {};
    for (const f of changed) {
      const value = fromText(f, edits[f.key]);
      if (!valueFits(f.type, f.choices, value)) problems[f.key] = t(`types.${f.type}`);
      else if (agent && f.required_for_agents && value === null) problems[f.key] = t('required');
    }
    setInvalid(problems);
    if (Object.keys(problems).length) return;
    setAsked(true);
    setStale(false);
    dispatch(
      recordsHolders.informationUpdate.actions.requested({
        type: record.object_type,
        id: record.id,
        values: {
          fields: Object.fromEntries(changed.map((f) => [f.key, fromText(f, edits[f.key])])),
          fields_version: set.version,
          version: record.version,
        },
      }),
    );
  };

  return (
    <section aria-labelledby="custom-fields-heading" className="card mb-3">
      <div className="card-body">
        <h2 id="custom-fields-heading" className="h6 mb-3">
          {t('panel.heading')}
        </h2>
        {stale && <Alert kind="danger">{t('stale')}</Alert>}
        {fields.map((f) => {
          const id = `record-cf-${f.key}`;
          const text = f.key in edits ? edits[f.key] : toText(f, values[f.key]);
          if (!canChange || !canEdit(f, agent)) {
            return (
              <div key={f.id} className="mb-2">
                <div className="small text-body-secondary mb-1" id={id}>
                  {labelOf(f, i18n.language)}
                </div>
                <div aria-labelledby={id}>
                  <FieldText field={f} value={text} agents={agents} />
                </div>
              </div>
            );
          }
          return (
            <FieldControl
              key={f.id}
              small
              field={f}
              id={id}
              value={text}
              agents={agents}
              disabled={saving}
              error={invalid[f.key]}
              onChange={(v) => setEdits((prev) => ({ ...prev, [f.key]: v }))}
            />
          );
        })}
        {changed.length > 0 && (
          <div className="d-flex gap-2 mt-2">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={saving}
              onClick={save}
            >
              {saving ? t('panel.saving') : t('panel.save')}
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              disabled={saving}
              onClick={() => {
                setEdits({});
                setInvalid({});
                setStale(false);
              }}
            >
              {t('panel.discard')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

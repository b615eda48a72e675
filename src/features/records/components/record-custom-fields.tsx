import type { FormikProps } from 'formik';
import { FieldControl } from '../../custom-fields/components/field-control';
import { canEdit, formName } from '../../custom-fields/form-values';
import type { CustomField } from '../../custom-fields/types';
import type { RecordValues } from './record-values';
import { useAssignableAgents } from './work/use-assignable-agents';

/**
 * The custom fields of an entry form (raise, finish a draft), each by its type, its message
 * under it; a requester's field they may not change shows disabled with its default.
 */
export function RecordCustomFields({
  fields,
  formik,
  idPrefix,
  agent,
}: {
  fields: readonly CustomField[];
  formik: FormikProps<RecordValues>;
  idPrefix: string;
  agent: boolean;
}) {
  const hdId = formik.values.hd_id ? Number(formik.values.hd_id) : undefined;
  // Agents only: the agents' list is theirs to read.
  const agents = useAssignableAgents(hdId, agent && fields.some((f) => f.type === 'agent'));
  if (!fields.length) return null;
  return (
    <div className="row">
      {fields.map((f) => {
        const name = formName(f.key);
        const touched = formik.touched[name];
        const error = formik.errors[name];
        const wide = f.type === 'long_text' || f.type === 'multiple_choice';
        return (
          <div key={f.id} className={wide ? 'col-12' : 'col-md-6'}>
            <FieldControl
              field={f}
              id={`${idPrefix}-${name}`}
              value={formik.values[name] ?? ''}
              onChange={(v) => {
                void formik.setFieldTouched(name, true, false);
                void formik.setFieldValue(name, v);
              }}
              onBlur={() => void formik.setFieldTouched(name, true)}
              error={touched && typeof error === 'string' ? error : undefined}
              disabled={!canEdit(f, agent)}
              agents={agents}
            />
          </div>
        );
      })}
    </div>
  );
}

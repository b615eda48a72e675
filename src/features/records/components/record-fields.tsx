import '../i18n';
import type { FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../lib/form-field';
import type { Kind } from '../kinds';
import { helpdeskOptions, useDropdown } from './use-dropdown';
import type { Option } from './use-dropdown';
import { RichTextField } from './rich-text-field';
import type { RecordValues } from './record-values';
import type { CustomField } from '../../custom-fields/types';
import { RecordCustomFields } from './record-custom-fields';

/** The fields of a ticket or content item (create, draft and edit forms). */
export function RecordFields({
  kind,
  formik,
  idPrefix,
  statusOptions,
  customFields,
}: {
  kind: Kind;
  formik: FormikProps<RecordValues>;
  idPrefix: string;
  /** When given, a Status select is shown with these choices. */
  statusOptions?: Option[];
  /** When given, these custom fields follow the built-in ones (the viewer: `agent`). */
  customFields?: { fields: readonly CustomField[]; agent: boolean };
}) {
  const { t } = useTranslation('records');
  const k = kind.key;
  const helpdesks = useDropdown(kind.type === 'T' ? 'ticketHelpDesk' : 'contentHelpDesk');
  const priorities = useDropdown('priority');
  const companies = useDropdown('company');
  const contentTypes = useDropdown('contentType');
  const choose = { value: '', label: t('form.choose') };
  const lookupOptions: Option[] =
    kind.type === 'T'
      ? (priorities.data ?? []).map((p) => ({
          value: String(p.priority_id),
          label: p.priority_name,
        }))
      : (contentTypes.data ?? []).map((c) => ({
          value: String(c.content_type_id),
          label: c.content_type_name,
        }));
  return (
    <>
      <FormField
        formik={formik}
        name={kind.titleField}
        label={t(`${k}.fields.title`)}
        idPrefix={idPrefix}
      />
      <RichTextField
        formik={formik}
        name={kind.bodyField}
        label={t(`${k}.fields.body`)}
        idPrefix={idPrefix}
      />
      <div className="row">
        <div className="col-md-6">
          <FormField
            formik={formik}
            name={kind.lookupField}
            label={t(`${k}.fields.lookup`)}
            options={[choose, ...lookupOptions]}
            idPrefix={idPrefix}
          />
        </div>
        {kind.type === 'T' && (
          <div className="col-md-6">
            <FormField
              formik={formik}
              name="company_id"
              label={t('fields.company')}
              options={[
                { value: '', label: t('form.noCompany') },
                ...(companies.data ?? []).map((c) => ({
                  value: String(c.company_id),
                  label: c.company_name,
                })),
              ]}
              idPrefix={idPrefix}
            />
          </div>
        )}
        <div className="col-md-6">
          <FormField
            formik={formik}
            name="hd_id"
            label={t('fields.helpDesk')}
            options={[choose, ...helpdeskOptions(helpdesks.data)]}
            idPrefix={idPrefix}
          />
        </div>
        {statusOptions && (
          <div className="col-md-6">
            <FormField
              formik={formik}
              name="status_id"
              label={t('fields.status')}
              options={statusOptions}
              idPrefix={idPrefix}
            />
          </div>
        )}
      </div>
      {customFields && (
        <RecordCustomFields
          fields={customFields.fields}
          formik={formik}
          idPrefix={idPrefix}
          agent={customFields.agent}
        />
      )}
    </>
  );
}

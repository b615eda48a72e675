// Custom field definitions as the API gives them (docs/api-records.md "Custom fields").
import type { components } from '../../api/schema';
import type { ApiBody } from '../../lib/api-client';

export type CustomField = components['schemas']['CustomField'];
export type CustomFieldSet = components['schemas']['CustomFieldSet'];
export type FieldType = CustomField['type'];
export type FieldObject = CustomField['object_type'];
export type CustomFieldCreate = ApiBody<'/api/custom-fields', 'post'>;
export type CustomFieldEdit = ApiBody<'/api/custom-fields/{id}', 'put'>;
export type CustomFieldOrder = ApiBody<'/api/custom-fields/order', 'put'>;

/** A save: a new field, or an edit (with the `version` it was read at). */
export type CustomFieldSave =
  | { id?: undefined; objectType: FieldObject; create: CustomFieldCreate }
  | { id: number; objectType: FieldObject; edit: CustomFieldEdit };

/** A deletion; `confirm` once the person has read how many records carry a value. */
export interface CustomFieldDelete {
  id: number;
  objectType: FieldObject;
  confirm: boolean;
}

// Custom field definitions as the API gives them (docs/api-records.md "Custom fields").
import type { components } from '../../api/schema';
import type { ApiBody } from '../../lib/api-client';

export type CustomField = components['schemas']['CustomField'];
export type CustomFieldSet = components['schemas']['CustomFieldSet'];
export type FieldType = CustomField['type'];
export type FieldObject = CustomField['object_type'];
export type CustomFieldCreate = ApiBody<'/api/custom-fields', 'post'>;
export type CustomFieldEdit = ApiBody<'/api/custom-fields/{id}', 'put'>;

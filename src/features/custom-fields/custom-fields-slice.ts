import { createRequestHolder } from '../../lib/request-holder';
import type {
  CustomField,
  CustomFieldDelete,
  CustomFieldSave,
  CustomFieldSet,
  FieldObject,
} from './types';

/** The custom fields page's response holders: one line each. */
export const customFieldsHolders = {
  customFields: createRequestHolder<CustomFieldSet, FieldObject>('customFields'),
  saveCustomField: createRequestHolder<CustomField, CustomFieldSave>('saveCustomField'),
  deleteCustomField: createRequestHolder<{ id: number; cleared: number }, CustomFieldDelete>(
    'deleteCustomField',
  ),
  reorderCustomFields: createRequestHolder<
    CustomFieldSet,
    { objectType: FieldObject; ids: number[] }
  >('reorderCustomFields'),
};

import { createRequestHolder } from '../../lib/request-holder';
import type { CustomFieldSet } from '../custom-fields/types';
import type { Person } from '../records/work-types';
import type {
  MemberChange,
  Organization,
  OrganizationDetails,
  OrganizationFieldsSave,
  OrganizationSave,
} from './types';

/** The organizations pages' response holders: one line each. */
export const organizationsHolders = {
  organizations: createRequestHolder<Organization[]>('organizations'),
  organization: createRequestHolder<OrganizationDetails, { id: number }>('organization'),
  saveOrganization: createRequestHolder<OrganizationDetails, OrganizationSave>('saveOrganization'),
  deleteOrganization: createRequestHolder<{ id: number }, { id: number }>('deleteOrganization'),
  memberSearch: createRequestHolder<Person[], { text: string }>('memberSearch'),
  organizationMember: createRequestHolder<OrganizationDetails, MemberChange & { remove?: boolean }>(
    'organizationMember',
  ),
  // The organizations' custom fields: their definitions and a save of one's values.
  organizationFieldSet: createRequestHolder<CustomFieldSet>('organizationFieldSet'),
  organizationFields: createRequestHolder<OrganizationDetails, OrganizationFieldsSave>(
    'organizationFields',
  ),
};

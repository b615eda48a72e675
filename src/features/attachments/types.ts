import type { components } from '../../api/schema';
import type { ObjectType } from '../records/types';

/** One file of a record (docs/api-working.md, Attachments). */
export type Attachment = components['schemas']['Attachment'];

export interface RecordKey {
  type: ObjectType;
  id: number;
}

/**
 * A picked file as the upload list holds it. Only entries that carry the original `File`
 * (`originFileObj`) are sent (seed section 5); anything else is skipped.
 */
export interface UploadEntry {
  name: string;
  originFileObj?: File;
}

import type { ObjectType } from '../records/types';

/** One file of a record (docs/api-working.md, Attachments). */
export interface Attachment {
  id: number;
  file_name: string;
  content_type: string;
  size: number;
  is_image: boolean;
  uploaded_by_id: number;
  uploaded_by_name: string;
  created_at: string;
}

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

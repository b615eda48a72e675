import type { components } from '../../api/schema';

/** GET contact/ (docs/api-overview.md): the ticket help desks. */
export type ContactDesk = components['schemas']['ContactDesk'];

export interface ContactMessage {
  subject: string;
  message: string;
  hd_id: number | null;
  /** The custom fields' values by key, with the set version the form showed. */
  fields?: Record<string, string | number | boolean | string[] | null>;
  fields_version?: number;
}

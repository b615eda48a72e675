import { createRequestHolder } from '../../lib/request-holder';
import type { AuditFilter, AuditPage, AuditQuery, AuditSettings, AuditUser } from './types';

/** The audit log page's response holders: one line each. */
export const auditHolders = {
  auditLog: createRequestHolder<AuditPage, AuditQuery>('auditLog'),
  auditExport: createRequestHolder<{ name: string }, AuditFilter>('auditExport'),
  auditSettings: createRequestHolder<AuditSettings>('auditSettings'),
  saveAuditSettings: createRequestHolder<AuditSettings, AuditSettings>('saveAuditSettings'),
  /** The user filter's picker: users whose name or email has the text. */
  auditUsers: createRequestHolder<AuditUser[], { text: string }>('auditUsers'),
};

import { createRequestHolder } from '../../lib/request-holder';
import type { AuditFilter, AuditPage, AuditQuery, AuditSettings } from './types';

/** The audit log page's response holders: one line each. */
export const auditHolders = {
  auditLog: createRequestHolder<AuditPage, AuditQuery>('auditLog'),
  auditExport: createRequestHolder<{ name: string }, AuditFilter>('auditExport'),
  auditSettings: createRequestHolder<AuditSettings>('auditSettings'),
  saveAuditSettings: createRequestHolder<AuditSettings, AuditSettings>('saveAuditSettings'),
};

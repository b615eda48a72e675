// The audit log as the API gives it (docs/audit.md).
import type { components } from '../../api/schema';
import type { ApiQuery } from '../../lib/api-client';

export type AuditEntry = components['schemas']['AuditEntry'];
/** A user offered by the filter's picker (from the administrators' user list). */
export type AuditUser = Pick<components['schemas']['AdminUser'], 'id' | 'fullname' | 'email'>;
export type AuditFilter = NonNullable<ApiQuery<'/api/audit/export.csv', 'get'>>;
export type AuditQuery = NonNullable<ApiQuery<'/api/audit', 'get'>>;

export interface AuditPage {
  items: AuditEntry[];
  total: number;
  total_capped: boolean;
  page: number;
  page_size: number;
}

export interface AuditSettings {
  retention_days: number;
}

/** The kinds offered in the filter (the server accepts any kind it writes). */
export const AUDIT_KINDS = [
  'sign_in.password',
  'sign_in.code',
  'passkey.sign_in',
  'sso.sign_in',
  'sign_out',
  'session.revoked',
  'api_token.created',
  'api_token.revoked',
  'api_token.refused',
  'two_step.on',
  'two_step.off',
  'two_step.recovery_regenerated',
  'passkey.added',
  'passkey.removed',
  'sign_in_settings.changed',
  'user.invited',
  'user.user_is_admin_changed',
  'user.user_is_hde_changed',
  'user.active_changed',
  'helpdesk.access_changed',
  'helpdesk.reviewers_changed',
  'helpdesk.assignment_changed',
  'desk.changed',
  'custom_field.created',
  'custom_field.changed',
  'custom_field.deleted',
  'trigger.created',
  'trigger.changed',
  'trigger.deleted',
  'automation.created',
  'automation.changed',
  'automation.deleted',
  'template.created',
  'template.changed',
  'template.deleted',
  'sla_policy.created',
  'sla_policy.changed',
  'sla_policy.deleted',
  'mail_channel.created',
  'mail_channel.changed',
  'webhook.created',
  'webhook.changed',
  'webhook.deleted',
  'sso_provider.created',
  'sso_provider.changed',
  'sso_provider.deleted',
  'macro.created',
  'macro.changed',
  'macro.deleted',
  'setting.created',
  'setting.changed',
  'record.deleted',
  'audit.exported',
] as const;

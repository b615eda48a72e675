// Triggers and their templates as the API gives them (docs/rules.md).
import type { components } from '../../api/schema';
import type { ApiBody } from '../../lib/api-client';

export type Trigger = components['schemas']['Trigger'];
export type Condition = components['schemas']['TriggerCondition'];
export type Action = components['schemas']['TriggerAction'];
export type TriggerTestResult = components['schemas']['TriggerTestResult'];
export type RuleTemplate = components['schemas']['RuleTemplate'];
export type TemplatePreview = components['schemas']['RuleTemplatePreview'];
export type TriggerWrite = ApiBody<'/api/triggers', 'post'>;
export type TemplateWrite = ApiBody<'/api/templates', 'post'>;
export type PreviewRequest = ApiBody<'/api/templates/preview', 'post'>;
export type TriggerEvent = Trigger['event'];
export type ConditionField = Condition['field'];
export type ActionType = Action['type'];

/** A save: a new trigger, or an edit of one. */
export interface TriggerSave {
  id?: number;
  body: TriggerWrite;
}
export interface TemplateSave {
  id?: number;
  body: TemplateWrite;
}

/** Time-based rules (automations) and the preview of what one matches now. */
export type Automation = components['schemas']['Automation'];
export type TimeCondition = components['schemas']['AutomationTimeCondition'];
export type AutomationPreview = components['schemas']['AutomationPreview'];
export type AutomationWrite = ApiBody<'/api/automations', 'post'>;
export type AutomationPreviewRequest = ApiBody<'/api/automations/preview', 'post'>;
export interface AutomationSave {
  id?: number;
  body: AutomationWrite;
}

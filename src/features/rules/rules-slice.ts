import { createRequestHolder } from '../../lib/request-holder';
import type {
  Automation,
  AutomationPreview,
  AutomationPreviewRequest,
  AutomationSave,
  PreviewRequest,
  RuleTemplate,
  TemplatePreview,
  TemplateSave,
  Trigger,
  TriggerSave,
  TriggerTestResult,
} from './types';

/** The triggers' and templates' pages (administrators): one line per holder. */
export const rulesHolders = {
  triggers: createRequestHolder<Trigger[]>('triggers'),
  saveTrigger: createRequestHolder<Trigger, TriggerSave>('saveTrigger'),
  // The list's active switch: a save of the whole trigger, apart from the editor's.
  toggleTrigger: createRequestHolder<Trigger, TriggerSave>('toggleTrigger'),
  deleteTrigger: createRequestHolder<{ id: number }, { id: number; name: string }>('deleteTrigger'),
  orderTriggers: createRequestHolder<Trigger[], number[]>('orderTriggers'),
  testTrigger: createRequestHolder<TriggerTestResult, { id: number; ticketId: number }>(
    'testTrigger',
  ),
  ruleTemplates: createRequestHolder<RuleTemplate[]>('ruleTemplates'),
  saveTemplate: createRequestHolder<RuleTemplate, TemplateSave>('saveTemplate'),
  deleteTemplate: createRequestHolder<{ id: number }, { id: number; name: string }>(
    'deleteTemplate',
  ),
  previewTemplate: createRequestHolder<TemplatePreview, PreviewRequest>('previewTemplate'),
  // Time-based rules: the list, the editor's save and preview, the list's switch, order and run.
  automations: createRequestHolder<Automation[]>('automations'),
  saveAutomation: createRequestHolder<Automation, AutomationSave>('saveAutomation'),
  toggleAutomation: createRequestHolder<Automation, AutomationSave>('toggleAutomation'),
  deleteAutomation: createRequestHolder<{ id: number }, { id: number; name: string }>(
    'deleteAutomation',
  ),
  orderAutomations: createRequestHolder<Automation[], AutomationSave[]>('orderAutomations'),
  runAutomation: createRequestHolder<{ id: number }, { id: number; name: string }>('runAutomation'),
  previewAutomation: createRequestHolder<AutomationPreview, AutomationPreviewRequest>(
    'previewAutomation',
  ),
};

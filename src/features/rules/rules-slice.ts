import { createRequestHolder } from '../../lib/request-holder';
import type {
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
};

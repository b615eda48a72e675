// Every kind of history event the product records reads as a sentence in both languages: the
// walk below takes the kinds and their detail fields from the API contract (the server's list,
// server/routes/records/history.ts), so a kind or a field the server starts to record fails here
// until it has its words.
import openapi from '../../../../docs/openapi.json';
import i18n from '../../../lib/i18n';
import { historySentence } from '../history-sentence';
import type { HistoryAction } from '../work-types';

interface Sample {
  action: HistoryAction;
  details: Record<string, unknown>;
  actor?: string | null;
  type?: 'T' | 'C';
}

const priority = (from: string | null, to: string | null) => ({
  fields: ['priority_id'],
  changes: { priority_id: { from, to } },
});

/** One event of each kind, and each variant its details make. */
const SAMPLES: Sample[] = [
  { action: 'created', details: {} },
  { action: 'created', details: {}, type: 'C' },
  { action: 'created', details: { channel: 'mail' } },
  { action: 'updated', details: priority('Low', 'High') },
  { action: 'updated', details: priority(null, 'High') },
  { action: 'updated', details: priority('Low', null) },
  { action: 'updated', details: { fields: ['is_draft'] } },
  {
    action: 'updated',
    details: {
      fields: ['fields.product', 'fields.serial'],
      changes: {
        'fields.product': { from: 'printer', to: 'laptop' },
        'fields.serial': { from: null, to: 'S-1' },
      },
    },
  },
  {
    action: 'updated',
    details: { fields: ['description', 'is_draft'], changes: {} },
  },
  {
    action: 'updated',
    details: {
      fields: ['subject', 'hd_id', 'company_id'],
      changes: {
        subject: { from: 'VPN drops', to: 'VPN drops hourly' },
        hd_id: { from: 'IT Support', to: 'Network' },
        company_id: { from: 'Acme', to: 'Globex' },
      },
    },
  },
  {
    action: 'updated',
    details: {
      fields: ['title', 'body', 'content_type_id'],
      changes: {
        title: { from: 'Old', to: 'New' },
        content_type_id: { from: 'How-to', to: 'FAQ' },
      },
    },
    type: 'C',
  },
  // What older servers recorded: the field names only.
  { action: 'updated', details: { fields: ['subject', 'description', 'priority_id'] } },
  // A field a newer server records: no raw name either.
  { action: 'updated', details: { fields: ['custom_field_7'] } },
  { action: 'updated', details: {} },
  { action: 'status_changed', details: { from: 'New', to: 'Open' } },
  { action: 'shared', details: { names: ['Bob Example', 'Carol Example'] } },
  { action: 'shared', details: { names: [] } },
  { action: 'classified', details: { names: ['VPN', 'Wi-Fi'] } },
  { action: 'classified', details: { names: [] } },
  { action: 'related', details: { title: 'Holiday policy' } },
  { action: 'unrelated', details: { title: 'Holiday policy' } },
  ...(['related', 'parent_of', 'child_of', 'duplicate_of', 'has_duplicate'] as const).map(
    (link) => ({ action: 'related' as const, details: { title: 'Office move', link } }),
  ),
  { action: 'merged', details: { source_id: 12, title: 'Printer jams (mail)' } },
  { action: 'merged_into', details: { target_id: 11, title: 'Printer jams' } },
  { action: 'split_out', details: { new_id: 13, title: 'Scanner', count: 1 } },
  { action: 'split_out', details: { new_id: 13, title: 'Scanner', count: 3 } },
  { action: 'split_from', details: { source_id: 11, title: 'Two problems', count: 2 } },
  { action: 'attachment_added', details: { file_name: 'screenshot.png' } },
  { action: 'attachment_deleted', details: { file_name: 'screenshot.png' } },
  { action: 'assigned', details: { to: 'Agent Two' } },
  { action: 'assigned', details: { to: null } },
  { action: 'assigned', details: { to: 'Agent Two', automatic: 'desk_rule' }, actor: null },
  { action: 'assigned', details: { to: 'Agent Two', automatic: 'away' }, actor: null },
  { action: 'assigned', details: { to: null, automatic: 'away' }, actor: null },
  { action: 'moved', details: { from: 'IT Support', to: 'HR' } },
  { action: 'duplicated', details: { copy_id: 50 } },
  { action: 'duplicated', details: { source_id: 49 } },
  { action: 'searchable_changed', details: { searchable: true } },
  { action: 'searchable_changed', details: { searchable: false } },
  { action: 'public_changed', details: { is_public: true }, type: 'C' },
  { action: 'public_changed', details: { is_public: false }, type: 'C' },
  { action: 'message_added', details: { action: 'reply' } },
  { action: 'message_added', details: { action: 'reply', channel: 'mail' } },
  { action: 'message_added', details: { action: 'note' } },
  { action: 'message_added', details: { action: 'forward' } },
  { action: 'worklog_added', details: { time_spent_minutes: 1 } },
  { action: 'worklog_added', details: { time_spent_minutes: 25 } },
  { action: 'worklog_added', details: { time_spent_minutes: null } },
  { action: 'worklog_added', details: { channel: 'mail', sender_verified: false } },
  { action: 'tagged', details: { name: 'VIP' } },
  { action: 'untagged', details: { name: 'VIP' } },
  { action: 'tag_merged', details: { from: 'vip', to: 'VIP' } },
  // Article review (docs/knowledge-review.md).
  { action: 'submitted_for_review', details: { number: 2 } },
  { action: 'approved', details: { number: 2 } },
  { action: 'sent_back', details: { number: 2, comment: 'Add a screenshot.' } },
  { action: 'archived', details: { successor_id: 9, successor_title: 'New VPN guide' } },
  { action: 'archived', details: { successor_id: null, successor_title: null } },
  { action: 'version_restored', details: { number: 4, from: 1 } },
  { action: 'language_changed', details: { from: 'en', to: 'es' } },
  {
    action: 'translation_linked',
    details: { id: 12, title: 'Restablecer la contraseña', language: 'es' },
  },
  { action: 'translation_unlinked', details: { id: 12, title: 'Restablecer la contraseña' } },
  { action: 'rated', details: { rating: 'good', comment: null, solve: 1 } },
  { action: 'rated', details: { rating: 'bad', comment: 'Took three days.', solve: 2 } },
  {
    action: 'mailed',
    details: { template: 'Acknowledgement', to: 'ana@acme.example', rule: { id: 3, name: 'Acme' } },
    actor: null,
  },
  {
    action: 'tagged',
    details: {
      name: 'VIP',
      rule: { id: 3, name: 'Acme triage' },
      rule_chain: { depth: 1, triggers: [3] },
    },
    actor: null,
  },
  ...(['first_response', 'next_response', 'resolution'] as const).flatMap((target) =>
    (['sla_warning', 'sla_breach'] as const).map((action) => ({
      action,
      details: { target, due_at: '2026-11-20T10:00:00.000Z' },
      actor: null,
    })),
  ),
];

const contract = openapi.components.schemas.HistoryEvent.properties;
/** The edit's fields by their API names (server/routes/records/routes.ts recordEditEvents). */
const RAW_WORDS = ['subject', 'title', 'description', 'body'];

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('history sentences', () => {
  it('have a sample for every kind and every detail field the API records', () => {
    expect(new Set(SAMPLES.map((s) => s.action))).toEqual(new Set(contract.action.enum));
    const used = new Set(SAMPLES.flatMap((s) => Object.keys(s.details)));
    expect([...Object.keys(contract.details.properties)].filter((k) => !used.has(k))).toEqual([]);
  });

  for (const language of ['en', 'es'] as const) {
    it(`read every kind as a sentence without a raw field name (${language})`, async () => {
      await i18n.changeLanguage(language);
      const t = i18n.getFixedT(language);
      for (const sample of SAMPLES) {
        const text = historySentence(
          { action: sample.action, details: sample.details, actor_name: 'Alice Example' },
          t,
          sample.type,
        );
        const what = `${sample.action} ${JSON.stringify(sample.details)}: "${text}"`;
        expect(text.length, what).toBeGreaterThan(10);
        // No column or action name (is_draft, priority_id, sla_breach), key path or placeholder.
        expect(text, what).not.toMatch(/\b[a-z]+_[a-z0-9_]+\b/);
        expect(text, what).not.toMatch(/history\.|workspace:|\{\{|undefined|null/);
        for (const word of RAW_WORDS) {
          // English names a field with its article ("the subject"), never bare.
          expect(text, what).not.toMatch(new RegExp(`(?<!the )\\b${word}\\b`));
        }
        if (sample.actor !== null && sample.details.sender_verified !== false) {
          expect(text, what).toMatch(/^Alice Example /);
        }
        if (language === 'es') {
          expect(text, `${what} is not in English`).not.toMatch(/\b(the|changed|from|and)\b/);
        }
      }
    });
  }

  it('says what changed, from what to what, in the reader’s language', async () => {
    const say = (action: HistoryAction, details: Record<string, unknown>, actor: string) =>
      historySentence({ action, details, actor_name: actor }, i18n.t);
    expect(say('updated', { fields: ['is_draft'] }, 'Alice Example')).toBe(
      'Alice Example submitted the draft',
    );
    expect(say('updated', priority('Low', 'High'), 'Agent Example')).toBe(
      'Agent Example changed the priority from Low to High',
    );
    expect(
      say(
        'updated',
        {
          fields: ['subject', 'description', 'is_draft'],
          changes: { subject: { from: 'VPN', to: 'VPN drops' } },
        },
        'Alice Example',
      ),
    ).toBe(
      'Alice Example submitted the draft and changed the subject from “VPN” to “VPN drops” and the description',
    );
    const product = {
      fields: ['fields.product'],
      changes: { 'fields.product': { from: 'printer', to: 'laptop' } },
    };
    expect(say('updated', product, 'Agent Example')).toBe(
      'Agent Example changed the field “product” from printer to laptop',
    );
    expect(say('worklog_added', { time_spent_minutes: 25 }, 'Agent Example')).toBe(
      'Agent Example logged 25 minutes of work',
    );
    await i18n.changeLanguage('es');
    expect(say('updated', { fields: ['is_draft'] }, 'Alice Example')).toBe(
      'Alice Example envió el borrador',
    );
    expect(say('updated', priority('Low', 'High'), 'Agent Example')).toBe(
      'Agent Example cambió la prioridad de Low a High',
    );
    expect(
      say('updated', { fields: ['subject', 'priority_id', 'company_id'] }, 'Agent Example'),
    ).toBe('Agent Example cambió el asunto, la prioridad y la empresa');
    expect(say('updated', product, 'Agent Example')).toBe(
      'Agent Example cambió el campo «product» de printer a laptop',
    );
    expect(say('shared', { names: ['Bob', 'Carol'] }, 'Alice Example')).toBe(
      'Alice Example lo compartió con Bob y Carol',
    );
  });

  it('names the trigger that made a change (no person acted)', async () => {
    const rule = { rule: { id: 3, name: 'Acme triage' }, rule_chain: { depth: 1, triggers: [3] } };
    const say = (action: HistoryAction, details: Record<string, unknown>) =>
      historySentence({ action, details: { ...details, ...rule }, actor_name: null }, i18n.t);
    expect(say('updated', priority('Normal', 'High'))).toBe(
      'Rule Acme triage changed the priority from Normal to High',
    );
    expect(say('tagged', { name: 'vip' })).toBe('Rule Acme triage tagged it vip');
    expect(say('worklog_added', { time_spent_minutes: null })).toBe(
      'Rule Acme triage added a work log entry',
    );
    // A person's change is theirs, and an event with no actor and no rule is "Someone"'s.
    expect(
      historySentence({ action: 'tagged', details: { name: 'vip' }, actor_name: null }, i18n.t),
    ).toBe('Someone tagged it vip');
    await i18n.changeLanguage('es');
    expect(say('updated', priority('Normal', 'High'))).toBe(
      'La regla Acme triage cambió la prioridad de Normal a High',
    );
    expect(say('tagged', { name: 'vip' })).toBe('La regla Acme triage le puso la etiqueta vip');
  });
});

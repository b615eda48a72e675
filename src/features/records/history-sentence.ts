import './workspace-i18n';
import type { TFunction } from 'i18next';
import { formatDateTimeLocal } from '../../lib/dates';
import i18n from '../../lib/i18n';
import type { HistoryAction, HistoryEntry } from './work-types';
import type { ObjectType } from './types';

type Details = Record<string, unknown>;
/** The history texts (workspace:history.*), with the actor already filled in. */
type Words = (key: string, values?: Record<string, unknown>) => string;
type Sentence = (d: Details, h: Words, type?: ObjectType) => string;

const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const names = (value: unknown) => (Array.isArray(value) ? value.map(str).filter(Boolean) : []);

/** "a, b and c" in the reader's language. */
function joined(items: string[]): string {
  return new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' }).format(items);
}

/** The fields an edit records by their API names (routes/records/routes.ts recordEditEvents). */
const FIELD_WORDS = new Set([
  'subject',
  'title',
  'description',
  'body',
  'hd_id',
  'priority_id',
  'company_id',
  'content_type_id',
]);
/** The typed links a `related` event may name (routes/relations/sql.ts LINKS). */
const LINKS = new Set(['related', 'parent_of', 'child_of', 'duplicate_of', 'has_duplicate']);

/** Fields whose values are the record's own text: quoted. */
const TEXT_FIELDS = new Set(['subject', 'title']);

/** A custom field's change is named `fields.<key>` (custom-fields/record-values.ts). */
const CUSTOM = /^fields\.([a-z][a-z0-9_]*)$/;

function fieldChange(field: string, d: Details, h: Words): string {
  const custom = CUSTOM.exec(field);
  const label = custom
    ? h('fields.custom', { key: custom[1] })
    : h(`fields.${FIELD_WORDS.has(field) ? field : 'other'}`);
  const changes = (d.changes ?? {}) as Record<string, { from?: unknown; to?: unknown } | undefined>;
  const change = FIELD_WORDS.has(field) || custom ? changes[field] : undefined;
  if (!change) return label;
  const from = str(change.from);
  const to = str(change.to);
  const quoted = TEXT_FIELDS.has(field) ? 'Quoted' : '';
  if (from && to) return h(`change${quoted}`, { field: label, from, to });
  if (to) return h(`changeSet${quoted}`, { field: label, to });
  if (from) return h(`changeCleared${quoted}`, { field: label, from });
  return label;
}

/** Every kind of event (the contract's list): a missing one does not compile. */
const SENTENCES: Record<HistoryAction, Sentence> = {
  created: (d, h, type) =>
    d.channel === 'mail' ? h('createdByMail') : h(type === 'C' ? 'createdContent' : 'created'),
  updated: (d, h) => {
    const fields = names(d.fields);
    const edits = fields.filter((f) => f !== 'is_draft').map((f) => fieldChange(f, d, h));
    const changes = joined(edits);
    if (fields.includes('is_draft')) {
      return edits.length ? h('submittedAndChanged', { changes }) : h('submitted');
    }
    return edits.length ? h('changed', { changes }) : h('changedRecord');
  },
  status_changed: (d, h) => h('statusChanged', { from: str(d.from), to: str(d.to) }),
  shared: (d, h) => {
    const people = names(d.names);
    return people.length ? h('shared', { names: joined(people) }) : h('sharedWithNobody');
  },
  classified: (d, h) => {
    const nodes = names(d.names);
    return nodes.length ? h('classified', { names: joined(nodes) }) : h('unclassified');
  },
  related: (d, h) =>
    typeof d.link === 'string' && LINKS.has(d.link) && d.link !== 'related'
      ? h('relatedTyped', { title: str(d.title), link: h(`links.${d.link}`) })
      : h('related', { title: str(d.title) }),
  unrelated: (d, h) => h('unrelated', { title: str(d.title) }),
  attachment_added: (d, h) => h('attached', { file: str(d.file_name) }),
  attachment_deleted: (d, h) => h('fileDeleted', { file: str(d.file_name) }),
  // `automatic`: no person did it (docs/assignment.md): the desk's rule, or an agent away too long.
  assigned: (d, h) => {
    if (d.automatic === 'desk_rule' && d.to) return h('assignedByRule', { name: str(d.to) });
    if (d.automatic === 'away') {
      return d.to ? h('assignedAway', { name: str(d.to) }) : h('unassignedAway');
    }
    return d.to ? h('assigned', { name: str(d.to) }) : h('unassigned');
  },
  moved: (d, h) => h('moved', { from: str(d.from), to: str(d.to) }),
  duplicated: (d, h) =>
    d.copy_id !== undefined
      ? h('duplicatedAs', { id: str(d.copy_id) })
      : h('duplicatedFrom', { id: str(d.source_id) }),
  searchable_changed: (d, h) => h(d.searchable === false ? 'notSearchable' : 'searchable'),
  public_changed: (d, h) => h(d.is_public === false ? 'notPublic' : 'madePublic'),
  message_added: (d, h) => {
    if (d.action === 'note') return h('noted');
    if (d.action === 'forward') return h('forwarded');
    return h(d.channel === 'mail' ? 'repliedByMail' : 'replied');
  },
  worklog_added: (d, h) => {
    if (d.sender_verified === false) return h('unverifiedMail');
    return typeof d.time_spent_minutes === 'number'
      ? h('workLogged', { count: d.time_spent_minutes })
      : h('workLog');
  },
  merged: (d, h) => h('merged', { id: str(d.source_id), title: str(d.title) }),
  merged_into: (d, h) => h('mergedInto', { id: str(d.target_id), title: str(d.title) }),
  split_out: (d, h) =>
    h('splitOut', { id: str(d.new_id), title: str(d.title), count: Number(d.count ?? 1) }),
  split_from: (d, h) =>
    h('splitFrom', { id: str(d.source_id), title: str(d.title), count: Number(d.count ?? 1) }),
  sla_warning: (d, h) => h('slaWarning', slaValues(d, h)),
  sla_breach: (d, h) => h('slaBreach', slaValues(d, h)),
  tagged: (d, h) => h('tagged', { name: str(d.name) }),
  untagged: (d, h) => h('untagged', { name: str(d.name) }),
  tag_merged: (d, h) => h('tagMerged', { from: str(d.from), to: str(d.to) }),
  mailed: (d, h) => h('mailed', { template: str(d.template), to: str(d.to) }),
  // Article review (docs/knowledge-review.md).
  submitted_for_review: (d, h) => h('submittedForReview', { number: str(d.number) }),
  approved: (d, h) => h('approved', { number: str(d.number) }),
  sent_back: (d, h) => h('sentBack', { number: str(d.number), comment: str(d.comment) }),
  archived: (d, h) =>
    d.successor_title ? h('archivedFor', { title: str(d.successor_title) }) : h('archived'),
  version_restored: (d, h) => h('versionRestored', { from: str(d.from), number: str(d.number) }),
  // An article's language and translation (docs/help-centre.md "Languages").
  language_changed: (d, h) => h('languageChanged', { to: languageName(d.to, h) }),
  translation_linked: (d, h) =>
    h('translationLinked', { title: str(d.title), language: languageName(d.language, h) }),
  translation_unlinked: (d, h) => h('translationUnlinked', { title: str(d.title) }),
  rated: (d, h) => {
    const key = d.rating === 'good' ? 'ratedGood' : 'ratedBad';
    return d.comment ? h(`${key}Comment`, { comment: str(d.comment) }) : h(key);
  },
};

/** `en` / `es` by name in the reader's language. */
const languageName = (code: unknown, h: Words) => h(`languages.${code === 'es' ? 'es' : 'en'}`);

function slaValues(d: Details, h: Words) {
  const target = str(d.target);
  return {
    target: h(
      `targets.${['first_response', 'next_response'].includes(target) ? target : 'resolution'}`,
    ),
    due: typeof d.due_at === 'string' ? formatDateTimeLocal(d.due_at) : '',
  };
}

/** A change a trigger made names it (`details.rule`, server/rules/actions.ts): "Rule Acme triage". */
function ruleActor(details: unknown, t: TFunction): string | undefined {
  const rule = (details as Details | null)?.rule as { name?: unknown } | undefined;
  return rule && typeof rule.name === 'string'
    ? t('workspace:history.rule', { name: rule.name })
    : undefined;
}

/**
 * One history event as a sentence in the reader's language: "Alice Example submitted the draft",
 * "Agent Example changed the priority from Low to High". `type`: the record's kind, for the
 * sentences that name it. An event a newer server records says that the record changed.
 */
export function historySentence(
  event: Pick<HistoryEntry, 'action' | 'actor_name' | 'details'>,
  t: TFunction,
  type?: ObjectType,
): string {
  const actor = event.actor_name ?? ruleActor(event.details, t) ?? t('workspace:history.someone');
  const h: Words = (key, values) => t(`workspace:history.${key}`, { actor, ...values });
  const sentence = (SENTENCES as Partial<Record<string, Sentence>>)[event.action];
  return sentence ? sentence((event.details ?? {}) as Details, h, type) : h('changedRecord');
}

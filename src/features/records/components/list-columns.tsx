import '../i18n';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTimeLocal } from '../../../lib/dates';
import type { Kind } from '../kinds';
import columnFile from '../list-columns.json';
import type { ListItem } from '../types';
import { MailBadge } from './mail-badge';
import { PriorityBadge, StatusBadge } from './record-badges';
import { SlaBadge } from './sla-badge';
import { TagChips } from '../../tags/components/tag-chips';
import type { CustomField } from '../../custom-fields/types';

/**
 * One column as list-columns.json describes it (that file is the list of columns: the server's
 * saved views accept the same keys). Adding a column is a line there and its label in each
 * locale (records:columns.<key>).
 */
interface ColumnSpec {
  key: string;
  /** How its cell is drawn: text when absent, a date when the field ends in _at. */
  show?: string;
  field?: string;
  /** T tickets, C content items. */
  of: string;
  /** The API's sort name ('title': the kind's own title sort). */
  sort?: string;
  default?: boolean;
  /** 'hd': only in the agents' lists. */
  lists?: string;
  /** false: not in a list of drafts. */
  drafts?: boolean;
}

const SPECS: ColumnSpec[] = columnFile.columns;

export interface Column {
  key: string;
  label: string;
  /** The server's sort name, when the column sorts. */
  sort?: string;
  /** Shown until the user chooses columns. */
  byDefault: boolean;
  cell: (record: ListItem) => ReactNode;
}

export interface ColumnContext {
  kind: Kind;
  /** An agents' list (hd_*). */
  hd: boolean;
  draft: boolean;
  /** Where a row's title links to. */
  rowLink: (record: ListItem) => string;
}

export const fieldOf = (record: ListItem, name: string): unknown =>
  (record as unknown as Record<string, unknown>)[name];

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The record's title, or the list's word for a record without one. */
export function titleOf(record: ListItem, kind: Kind, t: TFunction): string {
  return text(fieldOf(record, kind.titleField)) || t('records:list.untitled');
}

function cellOf(spec: ColumnSpec, c: ColumnContext, t: TFunction): Column['cell'] {
  const field = spec.field ?? '';
  switch (spec.show) {
    case 'title':
      return (record) => (
        <>
          <Link to={c.rowLink(record)}>{titleOf(record, c.kind, t)}</Link>
          {record.channel === 'mail' && <MailBadge />}
          <TagChips tags={record.tags} className="d-inline ms-2 small" />
        </>
      );
    case 'number':
      return (record) => `#${record.id}`;
    case 'status':
      return (record) => <StatusBadge name={record.status_name} />;
    case 'priority':
      return (record) => <PriorityBadge name={text(fieldOf(record, 'priority_name'))} />;
    case 'sla':
      return (record) => (record.object_type === 'T' ? <SlaBadge sla={record.sla} /> : null);
    case 'assignee':
      return (record) =>
        text(fieldOf(record, 'assignee_name')) || (
          <span className="text-body-secondary">{t('records:list.unassigned')}</span>
        );
    case 'owner':
      return (record) => text(fieldOf(record, c.kind.ownerNameField));
    case 'channel':
      return (record) => t(`records:channel.${record.channel}`);
    case 'yes':
      return (record) => (fieldOf(record, field) === true ? t('records:list.yes') : '');
    case 'tags':
      return (record) => <TagChips tags={record.tags} className="small" />;
    default:
      return field.endsWith('_at')
        ? (record) => {
            const value = fieldOf(record, field);
            return typeof value === 'string' ? formatDateTimeLocal(value) : '';
          }
        : (record) => text(fieldOf(record, field));
  }
}

const sortOf = (spec: ColumnSpec, kind: Kind) =>
  spec.sort === 'title' ? kind.titleSort : spec.sort;

/** The columns a list offers, in their order. */
export function listColumns(c: ColumnContext, t: TFunction): Column[] {
  return SPECS.filter(
    (spec) =>
      spec.of.includes(c.kind.type) &&
      (spec.lists !== 'hd' || c.hd) &&
      (spec.drafts !== false || !c.draft),
  ).map((spec) => ({
    key: spec.key,
    label: t([`records:${c.kind.key}.columns.${spec.key}`, `records:columns.${spec.key}`]),
    sort: sortOf(spec, c.kind),
    byDefault: spec.default === true,
    cell: cellOf(spec, c, t),
  }));
}

/** The custom field types a list sorts by (server/routes/records/field-filters.ts). */
export const SORTABLE_FIELD_TYPES: readonly string[] = [
  'number',
  'date',
  'datetime',
  'text',
  'single_choice',
  'checkbox',
];

/** A custom field's value as a list cell shows it (choices by label, agents by name). */
export function fieldValueText(
  f: CustomField,
  value: unknown,
  labelOf: (x: { label_en: string; label_es: string }) => string,
  t: TFunction,
  agentName: (id: number) => string | undefined,
): string {
  if (value === null || value === undefined) return '';
  const choice = (v: unknown) => {
    const c = f.choices.find((x) => x.value === v);
    return c ? labelOf(c) : String(v);
  };
  switch (f.type) {
    case 'single_choice':
      return choice(value);
    case 'multiple_choice':
      return Array.isArray(value) ? value.map(choice).join(', ') : '';
    case 'checkbox':
      return value === true ? t('records:list.yes') : t('records:list.no');
    case 'datetime':
      return typeof value === 'string' ? formatDateTimeLocal(value) : '';
    case 'agent':
      return typeof value === 'number' ? (agentName(value) ?? `#${value}`) : '';
    default:
      return String(value);
  }
}

/** Each active custom field as a column (`fields.<key>`; its header sorts when its type does). */
export function fieldColumns(
  fields: CustomField[],
  labelOf: (x: { label_en: string; label_es: string }) => string,
  t: TFunction,
  agentName: (id: number) => string | undefined = () => undefined,
): Column[] {
  return fields.map((f) => ({
    key: `fields.${f.key}`,
    label: labelOf(f),
    sort: SORTABLE_FIELD_TYPES.includes(f.type) ? `fields.${f.key}` : undefined,
    byDefault: false,
    cell: (record) => fieldValueText(f, record.fields?.[f.key], labelOf, t, agentName),
  }));
}

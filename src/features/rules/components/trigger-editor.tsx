import '../i18n';
import { getIn, useFormik } from 'formik';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { useAppDispatch } from '../../../app/hooks';
import { SubmitButton, generalError } from '../../../lib/form-field';
import type { ErrorInfo } from '../../../lib/types';
import type { CustomField } from '../../custom-fields/types';
import type { Option } from '../../records/components/use-dropdown';
import { tagsHolders } from '../../tags/tags-slice';
import {
  ACTION_TYPES,
  ACTORS,
  BUILDER_FIELDS,
  CHANGE_ATTRIBUTES,
  CHANNELS,
  CONDITION_FIELDS,
  EVENTS,
  NOBODY,
  RECIPIENTS,
  TIME_AMOUNT,
  TIME_BUILDER_FIELDS,
  TIME_FIELDS,
  blankAction,
  blankCondition,
  blankTime,
  takesValue,
  timeProblem,
  toValues,
  type ActionDraft,
  type BuilderAction,
  type BuilderField,
  type ConditionDraft,
  type RuleValues,
  type TimeDraft,
  type TimeField,
  type TriggerValues,
} from '../rule-model';
import type { Trigger } from '../types';
import type { Lookups } from '../use-lookups';
import { MultiSelect, SingleSelect, TextInput } from './multi-select';
import { TagPicker } from './tag-picker';

type Words = (key: string, values?: Record<string, unknown>) => string;

/** What a condition still lacks, as [part, message key]; null when complete. */
export function conditionProblem(c: ConditionDraft): [string, string] | null {
  if (c.kept) return null;
  const kind = c.field === 'requester' ? 'none' : CONDITION_FIELDS[c.field].value;
  if (c.field === 'custom_field' && !c.key) return ['key', 'form.fieldNeeded'];
  if (!takesValue(c)) return null;
  if (kind === 'text' || kind === 'field' || kind === 'change')
    return c.text.trim() ? null : ['value', 'form.valueNeeded'];
  return c.ids.length ? null : ['value', 'form.pickNeeded'];
}

function actionProblem(a: ActionDraft): [string, string] | null {
  if (a.kept || a.type === 'assign_next') return null;
  if (a.type === 'add_tags' || a.type === 'remove_tags')
    return a.ids.length ? null : ['value', 'form.pickNeeded'];
  if (a.type === 'set_fields') return a.key ? null : ['key', 'form.fieldNeeded'];
  if (!a.id) return ['value', 'form.pickNeeded'];
  if (a.type === 'send_mail' && a.to === 'address' && !yup.string().email().isValidSync(a.address))
    return ['address', 'form.addressNeeded'];
  if (a.type === 'send_mail' && a.to === 'address' && !a.address.trim())
    return ['address', 'form.addressNeeded'];
  return null;
}

function schemaFor(t: Words, kind: RuleKind) {
  return yup.object({
    time:
      kind === 'automation'
        ? yup
            .array()
            .min(1, t('automations.time.needed'))
            .of(
              yup.object().test('complete', '', function complete(d) {
                const p = timeProblem(d as unknown as TimeDraft);
                return p
                  ? this.createError({ path: `${this.path}.${p[0]}`, message: t(p[1]) })
                  : true;
              }),
            )
        : yup.array(),
    name: yup.string().trim().required(t('form.nameNeeded')).max(100, t('form.nameNeeded')),
    conditions: yup.array().of(
      yup.object().test('complete', '', function complete(c) {
        const p = conditionProblem(c as unknown as ConditionDraft);
        return p ? this.createError({ path: `${this.path}.${p[0]}`, message: t(p[1]) }) : true;
      }),
    ),
    actions: yup
      .array()
      .min(1, t('form.actionNeeded'))
      .of(
        yup.object().test('complete', '', function complete(a) {
          const p = actionProblem(a as unknown as ActionDraft);
          return p ? this.createError({ path: `${this.path}.${p[0]}`, message: t(p[1]) }) : true;
        }),
      ),
  });
}

/** The custom field's value control: its choices, yes/no, an agent, a number or a text. */
function FieldValueInput({
  id,
  label,
  field,
  value,
  onChange,
  error,
  agents,
  t,
  lang,
}: {
  id: string;
  label: string;
  field: CustomField | undefined;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  agents: Option[];
  t: Words;
  lang: string;
}) {
  const choose = t('form.choose');
  switch (field?.type) {
    case 'single_choice':
    case 'multiple_choice':
      return (
        <SingleSelect
          {...{ id, label, value, onChange, error }}
          placeholder={choose}
          options={field.choices.map((c) => ({
            value: c.value,
            label: lang.startsWith('es') ? c.label_es : c.label_en,
          }))}
        />
      );
    case 'checkbox':
      return (
        <SingleSelect
          {...{ id, label, value, onChange, error }}
          placeholder={choose}
          options={[
            { value: 'true', label: t('form.yes') },
            { value: 'false', label: t('form.no') },
          ]}
        />
      );
    case 'agent':
      return (
        <SingleSelect
          {...{ id, label, value, onChange, error }}
          placeholder={choose}
          options={agents}
        />
      );
    case 'number':
      return <TextInput {...{ id, label, value, onChange, error }} type="number" />;
    case 'date':
      return <TextInput {...{ id, label, value, onChange, error }} type="date" />;
    default:
      return <TextInput {...{ id, label, value, onChange, error }} />;
  }
}

type RuleKind = 'trigger' | 'automation';

/** The tag ids a rule names (the pickers' chips), asked once by id. */
function tagIdsOf(rule: Pick<Trigger, 'conditions' | 'actions'> | null): number[] {
  const ids = [
    ...(rule?.conditions ?? []).flatMap((c) => (c.field === 'tags' ? c.value : [])),
    ...(rule?.actions ?? []).flatMap((a) =>
      a.type === 'add_tags' || a.type === 'remove_tags' ? a.tag_ids : [],
    ),
  ];
  return [...new Set(ids)].slice(0, 10);
}

/** Create or edit a trigger (formik + yup); the server's `conditions.2.value` messages show beside the control. */
export function TriggerEditor({
  trigger,
  ...rest
}: {
  trigger: Trigger | null;
  lookups: Lookups;
  fields: CustomField[];
  saving: boolean;
  error: ErrorInfo | null;
  onSave: (values: TriggerValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('rules');
  const initialValues = useMemo(() => ({ ...toValues(trigger), time: [] }), [trigger]);
  const tagIds = useMemo(() => tagIdsOf(trigger), [trigger]);
  return (
    <RuleEditor
      kind="trigger"
      title={trigger ? t('form.editTitle', { name: trigger.name }) : t('form.newTitle')}
      isNew={!trigger}
      initialValues={initialValues}
      tagIds={tagIds}
      {...rest}
    />
  );
}

export { tagIdsOf };

/**
 * The rule form both kinds share: a trigger's event, or a time-based rule's time conditions;
 * the conditions (a time-based rule's without those that need a change), the actions. Read-only:
 * every control disabled, no save.
 */
export function RuleEditor({
  kind,
  title,
  isNew,
  initialValues,
  tagIds,
  lookups,
  fields,
  saving,
  error,
  readOnly = false,
  preview,
  onSave,
  onCancel,
}: {
  kind: RuleKind;
  title: string;
  isNew: boolean;
  initialValues: RuleValues;
  tagIds: number[];
  lookups: Lookups;
  fields: CustomField[];
  saving: boolean;
  error: ErrorInfo | null;
  readOnly?: boolean;
  /** Shown after the conditions, with the form's values as they are now. */
  preview?: (values: RuleValues) => ReactNode;
  onSave: (values: RuleValues) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('rules');
  const idBase = useId();
  const id = (name: string) => `${idBase}-${name}`;
  const formik = useFormik<RuleValues>({
    initialValues,
    validationSchema: schemaFor(t, kind),
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: (values) => onSave(values),
  });
  const v = formik.values;
  const server = error?.fields ?? {};
  // The names of the tags a trigger names (the pickers' chips), asked once by id.
  const dispatch = useAppDispatch();
  const [picked, setPicked] = useState<Record<string, string>>({});
  const tagNames = {
    ...Object.fromEntries(lookups.tag.map((o) => [o.value, o.label])),
    ...picked,
  };
  const onTagName = (tagId: string, name: string) =>
    setPicked((names) => ({ ...names, [tagId]: name }));
  useEffect(() => {
    if (tagIds.length) dispatch(tagsHolders.tagChoices.actions.requested({ ids: tagIds }));
  }, [dispatch, tagIds]);
  /** The form's own message once it was sent, else the server's for this path. */
  const errorAt = (path: string): string | undefined => {
    const local: unknown = formik.submitCount > 0 ? getIn(formik.errors, path) : undefined;
    return typeof local === 'string' && local ? local : server[path];
  };
  /** The server's messages for a part's other paths (e.g. `actions.1.values.size`) go beside its value. */
  const serverUnder = (prefix: string, except: string[]) =>
    Object.entries(server)
      .filter(([k]) => k.startsWith(`${prefix}.`) && !except.includes(k.slice(prefix.length + 1)))
      .map(([, m]) => m)
      .join(' ') || undefined;
  const general = generalError(error);
  const agentsAndNobody = [{ value: NOBODY, label: t('form.nobody') }, ...lookups.agent];
  const setCondition = (i: number, c: ConditionDraft) =>
    void formik.setFieldValue(
      'conditions',
      v.conditions.map((x, j) => (j === i ? c : x)),
    );
  const setTime = (i: number, d: TimeDraft) =>
    void formik.setFieldValue(
      'time',
      v.time.map((x, j) => (j === i ? d : x)),
    );
  /** A time condition's message: the form's (`time.0.amount`), else the server's. */
  const timeError = (i: number, part: 'field' | 'status_id' | 'amount'): string | undefined => {
    const local: unknown =
      formik.submitCount > 0 ? getIn(formik.errors, `time.${i}.${part}`) : undefined;
    if (typeof local === 'string' && local) return local;
    const at = `time_conditions.${i}`;
    if (part === 'amount') return server[`${at}.${TIME_AMOUNT[v.time[i].field]}`];
    if (part === 'field') return server[`${at}.field`] ?? server[at];
    return server[`${at}.${part}`];
  };
  const builderFields = kind === 'automation' ? TIME_BUILDER_FIELDS : BUILDER_FIELDS;
  const timeListError = errorAt('time') ?? server.time_conditions;
  const setAction = (i: number, a: ActionDraft) =>
    void formik.setFieldValue(
      'actions',
      v.actions.map((x, j) => (j === i ? a : x)),
    );
  const options = (kind: keyof Lookups | 'channel' | 'actor'): Option[] => {
    if (kind === 'channel') return CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }));
    if (kind === 'actor') return ACTORS.map((a) => ({ value: a, label: t(`actors.${a}`) }));
    return lookups[kind];
  };

  const conditionValue = (c: ConditionDraft, i: number) => {
    const n = i + 1;
    const at = `conditions.${i}`;
    const valueError = errorAt(`${at}.value`) ?? serverUnder(at, ['key', 'operator', 'value']);
    if (
      c.field === 'requester' ||
      (!takesValue(c) && c.field !== 'custom_field' && c.field !== 'change')
    )
      return null;
    const kind = CONDITION_FIELDS[c.field].value;
    const label = t('form.conditionValue', { n });
    switch (kind) {
      case 'text':
        return (
          <TextInput
            id={id(`c${i}-value`)}
            label={
              c.operator.endsWith('matches')
                ? t('form.conditionPattern', { n })
                : t('form.conditionWords', { n })
            }
            value={c.text}
            error={valueError}
            onChange={(text) => setCondition(i, { ...c, text })}
          />
        );
      case 'field': {
        const field = fields.find((f) => f.key === c.key);
        return (
          <div className="d-flex gap-2 flex-wrap">
            <SingleSelect
              id={id(`c${i}-key`)}
              label={t('form.conditionField', { n })}
              placeholder={t('form.choose')}
              value={c.key}
              error={errorAt(`${at}.key`)}
              options={fields.map((f) => ({
                value: f.key,
                label: i18n.language.startsWith('es') ? f.label_es : f.label_en,
              }))}
              onChange={(key) => setCondition(i, { ...c, key, text: '' })}
            />
            {takesValue(c) && c.key && (
              <FieldValueInput
                id={id(`c${i}-value`)}
                label={label}
                field={field}
                value={c.text}
                error={valueError}
                agents={lookups.agent}
                t={t}
                lang={i18n.language}
                onChange={(text) => setCondition(i, { ...c, text })}
              />
            )}
          </div>
        );
      }
      case 'change': {
        const list =
          c.attribute === 'assignee' ? lookups.agent : lookups[c.attribute as keyof Lookups];
        return (
          <div className="d-flex gap-2 flex-wrap">
            <SingleSelect
              id={id(`c${i}-attribute`)}
              label={t('form.conditionAttribute', { n })}
              value={c.attribute}
              options={CHANGE_ATTRIBUTES.map((a) => ({ value: a, label: t(`attributes.${a}`) }))}
              error={errorAt(`${at}.attribute`)}
              onChange={(attribute) => setCondition(i, { ...c, attribute, text: '' })}
            />
            {takesValue(c) && (
              <SingleSelect
                id={id(`c${i}-value`)}
                label={label}
                placeholder={t('form.choose')}
                value={c.text}
                error={valueError}
                options={[{ value: NOBODY, label: t('form.none') }, ...(list ?? [])]}
                onChange={(text) => setCondition(i, { ...c, text })}
              />
            )}
          </div>
        );
      }
      case 'none':
        return null;
      case 'tag':
        return (
          <TagPicker
            label={label}
            value={c.ids}
            names={tagNames}
            error={valueError}
            onName={onTagName}
            onChange={(ids) => setCondition(i, { ...c, ids })}
          />
        );
      default:
        return (
          <MultiSelect
            id={id(`c${i}-value`)}
            label={label}
            hint={t('form.multiHint')}
            value={c.ids}
            error={valueError}
            options={kind === 'agent' ? agentsAndNobody : options(kind)}
            onChange={(ids) => setCondition(i, { ...c, ids })}
          />
        );
    }
  };

  const actionInputs = (a: ActionDraft, i: number) => {
    const n = i + 1;
    const at = `actions.${i}`;
    const valueError = errorAt(`${at}.value`) ?? serverUnder(at, ['type', 'address', 'to']);
    const one = (list: Option[], label = t('form.actionValue', { n })) => (
      <SingleSelect
        id={id(`a${i}-value`)}
        label={label}
        placeholder={t('form.choose')}
        value={a.id}
        error={valueError}
        options={list}
        onChange={(value) => setAction(i, { ...a, id: value })}
      />
    );
    switch (a.type) {
      case 'set_desk':
        return one(lookups.desk);
      case 'set_status':
        return one(lookups.status);
      case 'set_priority':
        return one(lookups.priority);
      case 'set_assignee':
        return one(agentsAndNobody, t('form.actionAgent', { n }));
      case 'apply_macro':
        return one(lookups.macro);
      case 'add_note':
        return one(lookups.template, t('form.actionTemplate', { n }));
      case 'assign_next':
      case 'call_webhook':
        return null;
      case 'add_tags':
      case 'remove_tags':
        return (
          <TagPicker
            label={t('form.actionTags', { n })}
            value={a.ids}
            names={tagNames}
            error={valueError}
            onName={onTagName}
            onChange={(ids) => setAction(i, { ...a, ids })}
          />
        );
      case 'set_fields':
        return (
          <div className="d-flex gap-2 flex-wrap">
            <SingleSelect
              id={id(`a${i}-key`)}
              label={t('form.actionField', { n })}
              placeholder={t('form.choose')}
              value={a.key}
              error={errorAt(`${at}.key`)}
              options={fields.map((f) => ({
                value: f.key,
                label: i18n.language.startsWith('es') ? f.label_es : f.label_en,
              }))}
              onChange={(key) => setAction(i, { ...a, key, text: '' })}
            />
            {a.key && (
              <FieldValueInput
                id={id(`a${i}-text`)}
                label={t('form.actionFieldValue', { n })}
                field={fields.find((f) => f.key === a.key)}
                value={a.text}
                error={valueError}
                agents={lookups.agent}
                t={t}
                lang={i18n.language}
                onChange={(text) => setAction(i, { ...a, text })}
              />
            )}
          </div>
        );
      case 'send_mail':
        return (
          <div className="d-flex gap-2 flex-wrap">
            {one(lookups.template, t('form.actionTemplate', { n }))}
            <SingleSelect
              id={id(`a${i}-to`)}
              label={t('form.actionTo', { n })}
              value={a.to}
              error={errorAt(`${at}.to`)}
              options={RECIPIENTS.map((r) => ({ value: r, label: t(`recipients.${r}`) }))}
              onChange={(to) => setAction(i, { ...a, to, address: '' })}
            />
            {a.to === 'address' && (
              <TextInput
                id={id(`a${i}-address`)}
                type="email"
                label={t('form.actionAddress', { n })}
                value={a.address}
                error={errorAt(`${at}.address`)}
                onChange={(address) => setAction(i, { ...a, address })}
              />
            )}
          </div>
        );
    }
  };

  const moveButtons = (list: 'conditions' | 'actions', i: number, n: number) => (
    <button
      type="button"
      className="btn btn-sm btn-outline-danger"
      aria-label={t(list === 'conditions' ? 'form.removeCondition' : 'form.removeAction', { n })}
      onClick={() =>
        void formik.setFieldValue(
          list,
          (v[list] as unknown[]).filter((_, j) => j !== i),
        )
      }
    >
      {t('form.remove')}
    </button>
  );
  const actionsError = errorAt('actions');

  return (
    <form
      className="card card-body mb-4"
      noValidate
      aria-labelledby={id('title')}
      onSubmit={formik.handleSubmit}
    >
      <h2 className="h5" id={id('title')}>
        {title}
      </h2>
      {general && (
        <div className="alert alert-danger" role="alert">
          {general}
        </div>
      )}
      <fieldset disabled={readOnly} className="mb-0">
        <div className="row g-3 mb-3">
          <div className="col-md-6">
            <TextInput
              id={id('name')}
              label={t('form.name')}
              value={v.name}
              error={errorAt('name')}
              onChange={(name) => void formik.setFieldValue('name', name)}
            />
          </div>
          {kind === 'trigger' && (
            <div className="col-md-6">
              <SingleSelect
                id={id('event')}
                label={t('form.event')}
                value={v.event}
                error={errorAt('event')}
                options={EVENTS.map((e) => ({ value: e, label: t(`events.${e}`) }))}
                onChange={(event) => void formik.setFieldValue('event', event)}
              />
            </div>
          )}
        </div>

        {kind === 'automation' && (
          <fieldset
            className="mb-3"
            aria-describedby={timeListError ? id('time-error') : undefined}
          >
            <legend className="h6">{t('automations.time.legend')}</legend>
            <p className="form-text mt-0">{t('automations.time.hint')}</p>
            <ol className="list-unstyled">
              {v.time.map((d, i) => {
                const n = i + 1;
                return (
                  <li
                    key={d.field}
                    className="border rounded p-2 mb-2"
                    aria-label={t('automations.time.condition', { n })}
                  >
                    <div className="d-flex gap-2 flex-wrap align-items-start">
                      <SingleSelect
                        id={id(`t${i}-field`)}
                        label={t('automations.time.kind', { n })}
                        value={d.field}
                        error={timeError(i, 'field')}
                        // Each kind once: the others' kinds are not offered.
                        options={TIME_FIELDS.filter(
                          (f) => f === d.field || !v.time.some((x) => x.field === f),
                        ).map((f) => ({ value: f, label: t(`automations.time.fields.${f}`) }))}
                        onChange={(field) => setTime(i, blankTime(field as TimeField))}
                      />
                      {d.field === 'status_for' && (
                        <SingleSelect
                          id={id(`t${i}-status`)}
                          label={t('automations.time.status', { n })}
                          placeholder={t('form.choose')}
                          value={d.status}
                          error={timeError(i, 'status_id')}
                          options={lookups.openStatus}
                          onChange={(status) => setTime(i, { ...d, status })}
                        />
                      )}
                      <TextInput
                        id={id(`t${i}-amount`)}
                        type="number"
                        label={t(`automations.time.amount.${d.field}`, { n })}
                        value={d.amount}
                        error={timeError(i, 'amount')}
                        onChange={(amount) => setTime(i, { ...d, amount })}
                      />
                      {v.time.length > 1 && (
                        <div className="align-self-end">
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-danger"
                            aria-label={t('automations.time.remove', { n })}
                            onClick={() =>
                              void formik.setFieldValue(
                                'time',
                                v.time.filter((_, j) => j !== i),
                              )
                            }
                          >
                            {t('form.remove')}
                          </button>
                        </div>
                      )}
                    </div>
                  </li>
                );
              })}
            </ol>
            {v.time.length < TIME_FIELDS.length && (
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => {
                  const free = TIME_FIELDS.find((f) => !v.time.some((x) => x.field === f));
                  if (free) void formik.setFieldValue('time', [...v.time, blankTime(free)]);
                }}
              >
                {t('automations.time.add')}
              </button>
            )}
            {timeListError && (
              <div id={id('time-error')} className="text-danger small mt-1">
                {timeListError}
              </div>
            )}
          </fieldset>
        )}

        <fieldset className="mb-3">
          <legend className="h6">{t('form.conditions')}</legend>
          <div className="mb-2" role="radiogroup" aria-label={t('form.match')}>
            {(['all', 'any'] as const).map((m) => (
              <div className="form-check form-check-inline" key={m}>
                <input
                  id={id(`match-${m}`)}
                  type="radio"
                  className="form-check-input"
                  name="match"
                  value={m}
                  checked={v.match === m}
                  onChange={() => void formik.setFieldValue('match', m)}
                />
                <label className="form-check-label" htmlFor={id(`match-${m}`)}>
                  {t(`match.${m}`)}
                </label>
              </div>
            ))}
          </div>
          {v.conditions.length === 0 && (
            <p className="text-body-secondary small">{t('form.noConditions')}</p>
          )}
          <ol className="list-unstyled">
            {v.conditions.map((c, i) => {
              const n = i + 1;
              return (
                <li
                  key={i}
                  className="border rounded p-2 mb-2"
                  aria-label={t('form.condition', { n })}
                >
                  {c.kept ? (
                    <div className="d-flex gap-2 align-items-center">
                      <span className="small">{t('form.kept', { field: c.field })}</span>
                      {moveButtons('conditions', i, n)}
                    </div>
                  ) : (
                    <div className="d-flex gap-2 flex-wrap align-items-start">
                      <SingleSelect
                        id={id(`c${i}-field`)}
                        label={t('form.conditionOn', { n })}
                        value={c.field}
                        options={builderFields.map((f) => ({ value: f, label: t(`fields.${f}`) }))}
                        onChange={(field) => setCondition(i, blankCondition(field as BuilderField))}
                      />
                      <SingleSelect
                        id={id(`c${i}-operator`)}
                        label={t('form.conditionOperator', { n })}
                        value={c.operator}
                        error={errorAt(`conditions.${i}.operator`)}
                        options={CONDITION_FIELDS[c.field as BuilderField].operators.map((o) => ({
                          value: o,
                          label: t(`operators.${o}`),
                        }))}
                        onChange={(operator) => {
                          const next = { ...c, operator };
                          setCondition(i, takesValue(next) ? next : { ...next, text: '', ids: [] });
                        }}
                      />
                      {conditionValue(c, i)}
                      <div className="align-self-end">{moveButtons('conditions', i, n)}</div>
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() =>
              void formik.setFieldValue('conditions', [...v.conditions, blankCondition()])
            }
          >
            {t('form.addCondition')}
          </button>
        </fieldset>
      </fieldset>
      {preview?.(v)}
      <fieldset disabled={readOnly} className="mb-0">
        <fieldset
          className="mb-3"
          aria-describedby={actionsError ? id('actions-error') : undefined}
        >
          <legend className="h6">{t('form.actions')}</legend>
          <ol className="list-unstyled">
            {v.actions.map((a, i) => {
              const n = i + 1;
              return (
                <li
                  key={i}
                  className="border rounded p-2 mb-2"
                  aria-label={t('form.action', { n })}
                >
                  {a.kept ? (
                    <div className="d-flex gap-2 align-items-center">
                      <span className="small">{t('form.keptAction', { type: a.type })}</span>
                      {moveButtons('actions', i, n)}
                    </div>
                  ) : (
                    <div className="d-flex gap-2 flex-wrap align-items-start">
                      <SingleSelect
                        id={id(`a${i}-type`)}
                        label={t('form.actionType', { n })}
                        value={a.type}
                        options={ACTION_TYPES.map((type) => ({
                          value: type,
                          label: t(`actionTypes.${type}`),
                        }))}
                        onChange={(type) => setAction(i, blankAction(type as BuilderAction))}
                      />
                      {actionInputs(a, i)}
                      <div className="align-self-end">{moveButtons('actions', i, n)}</div>
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => void formik.setFieldValue('actions', [...v.actions, blankAction()])}
          >
            {t('form.addAction')}
          </button>
          {actionsError && (
            <div id={id('actions-error')} className="text-danger small mt-1">
              {actionsError}
            </div>
          )}
        </fieldset>

        {kind === 'trigger' && (
          <div className="form-check mb-2">
            <input
              id={id('stop')}
              type="checkbox"
              className="form-check-input"
              checked={v.stop}
              onChange={(e) => void formik.setFieldValue('stop', e.target.checked)}
            />
            <label className="form-check-label" htmlFor={id('stop')}>
              {t('form.stop')}
            </label>
          </div>
        )}
        <div className="form-check mb-3">
          <input
            id={id('active')}
            type="checkbox"
            className="form-check-input"
            checked={v.active}
            onChange={(e) => void formik.setFieldValue('active', e.target.checked)}
          />
          <label className="form-check-label" htmlFor={id('active')}>
            {t('form.active')}
          </label>
        </div>
      </fieldset>
      <div className="d-flex gap-2 mb-3">
        {!readOnly && (
          <SubmitButton
            loading={saving}
            label={kind === 'automation' ? t('automations.save') : t('form.save')}
            className="btn btn-primary"
          />
        )}
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {readOnly ? t('automations.close') : t('form.cancel')}
        </button>
      </div>
      {kind === 'trigger' && isNew && <p className="form-text mb-0">{t('test.afterSave')}</p>}
    </form>
  );
}

import '../i18n';
import { useFormik } from 'formik';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { useServerFieldErrors, SubmitButton } from '../../../lib/form-field';
import { oneLineTest } from '../../../lib/one-line';
import type { ErrorInfo } from '../../../lib/types';
import { helpdeskOptions, useDropdown } from '../../records/components/use-dropdown';
import type { SlaPolicy, SlaPolicyWrite } from '../types';

interface Day {
  working: boolean;
  start: string;
  end: string;
}

export interface PolicyValues {
  name: string;
  priority_ids: string[];
  hd_ids: string[];
  company_ids: string[];
  first_response_minutes: string;
  next_response_minutes: string;
  resolution_minutes: string;
  time_zone: string;
  days: Day[];
  holidays: string[];
  new_holiday: string;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const minutesOf = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3));
const officeDay = (working: boolean): Day => ({ working, start: '09:00', end: '17:00' });

function toValues(p: SlaPolicy | null): PolicyValues {
  const ids = (v: number[] | null) => (v ?? []).map(String);
  const num = (v: number | null) => (v === null ? '' : String(v));
  return {
    name: p?.name ?? '',
    priority_ids: ids(p?.priority_ids ?? null),
    hd_ids: ids(p?.hd_ids ?? null),
    company_ids: ids(p?.company_ids ?? null),
    first_response_minutes: num(p?.first_response_minutes ?? 240),
    next_response_minutes: num(p?.next_response_minutes ?? null),
    resolution_minutes: num(p?.resolution_minutes ?? null),
    time_zone: p?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC',
    days: p
      ? p.hours.map((h) => (h ? { working: true, ...h } : officeDay(false)))
      : [0, 1, 2, 3, 4, 5, 6].map((d) => officeDay(d >= 1 && d <= 5)),
    holidays: p?.holidays ?? [],
    new_holiday: '',
  };
}

export function toWrite(v: PolicyValues): SlaPolicyWrite {
  const ids = (list: string[]) => (list.length ? list.map(Number) : null);
  // formik hands number inputs back as numbers (and '' when empty).
  const num = (s: string | number) => (String(s).trim() === '' ? null : Number(s));
  return {
    name: v.name.trim(),
    priority_ids: ids(v.priority_ids),
    hd_ids: ids(v.hd_ids),
    company_ids: ids(v.company_ids),
    first_response_minutes: num(v.first_response_minutes),
    next_response_minutes: num(v.next_response_minutes),
    resolution_minutes: num(v.resolution_minutes),
    time_zone: v.time_zone,
    hours: v.days.map((d) => (d.working ? { start: d.start, end: d.end } : null)),
    holidays: v.holidays,
  };
}

function timeZones(current: string): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const all = intl.supportedValuesOf?.('timeZone') ?? ['Europe/Madrid', 'America/New_York'];
  return [...new Set(['UTC', current, ...all])];
}

/** Create or edit a policy: conditions, targets and the calendar (formik + yup). */
export function PolicyForm({
  policy,
  saving,
  error,
  onSave,
  onCancel,
}: {
  policy: SlaPolicy | null;
  saving: boolean;
  error: ErrorInfo | null;
  onSave: (values: SlaPolicyWrite) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('sla');
  const idBase = useId();
  const id = (name: string) => `${idBase}-${name}`;
  const days = t('days', { returnObjects: true }) as string[];
  const priorities = useDropdown('priority');
  const helpdesks = useDropdown('ticketHelpDesk');
  const companies = useDropdown('company');

  const minutes = yup.string().test('minutes', t('form.minutes'), (s) => {
    if (!s || s.trim() === '') return true;
    const n = Number(s);
    return Number.isInteger(n) && n >= 1 && n <= 525600;
  });
  const schema = yup.object({
    name: yup
      .string()
      .trim()
      .required(t('form.required'))
      .max(100, t('form.nameMax'))
      .test(oneLineTest(t('common:validation.oneLine'))),
    first_response_minutes: minutes.test('one', t('form.oneTarget'), function oneTarget(first) {
      const v = this.parent as PolicyValues;
      return [first, v.next_response_minutes, v.resolution_minutes].some(
        (s) => (s ?? '').trim() !== '',
      );
    }),
    next_response_minutes: minutes,
    resolution_minutes: minutes,
    days: yup
      .array()
      .of(
        yup.object({
          working: yup.boolean().required(),
          start: yup.string().required(),
          end: yup
            .string()
            .required()
            .test('order', t('form.hoursOrder'), function order(end) {
              const d = this.parent as Day;
              if (!d.working) return true;
              if (!TIME.test(d.start) || !TIME.test(end ?? '')) return false;
              return minutesOf(end ?? '') > minutesOf(d.start);
            }),
        }),
      )
      .test('one', t('form.oneDay'), (list) => (list ?? []).some((d) => d.working)),
  });

  const formik = useFormik<PolicyValues>({
    initialValues: useMemo(() => toValues(policy), [policy]),
    validationSchema: schema,
    onSubmit: (values) => onSave(toWrite(values)),
  });
  useServerFieldErrors(formik, error);
  const errorOf = (name: keyof PolicyValues) => {
    const e: unknown = formik.errors[name];
    return formik.touched[name] || formik.submitCount > 0
      ? typeof e === 'string'
        ? e
        : undefined
      : undefined;
  };
  const dayError = (i: number) => {
    const e = formik.errors.days;
    if (!Array.isArray(e) || formik.submitCount === 0) return undefined;
    const item: unknown = e[i];
    return item && typeof item === 'object' ? (item as { end?: string }).end : undefined;
  };
  const serverOnly = Object.entries(error?.fields ?? {}).filter(
    ([key]) =>
      ![
        'name',
        'first_response_minutes',
        'next_response_minutes',
        'resolution_minutes',
        'time_zone',
      ].includes(key),
  );

  const checkGroup = (
    name: 'priority_ids' | 'hd_ids' | 'company_ids',
    legend: string,
    options: { value: string; label: string }[],
  ) => (
    <fieldset className="col-md-4 mb-3">
      <legend className="form-label fs-6">{legend}</legend>
      {options.map((o) => (
        <div className="form-check" key={o.value}>
          <input
            id={id(`${name}-${o.value}`)}
            type="checkbox"
            className="form-check-input"
            name={name}
            value={o.value}
            checked={formik.values[name].includes(o.value)}
            onChange={formik.handleChange}
          />
          <label className="form-check-label" htmlFor={id(`${name}-${o.value}`)}>
            {o.label.replace(/^[\s\u00a0—-]+/, '')}
          </label>
        </div>
      ))}
    </fieldset>
  );

  const minutesField = (
    name: 'first_response_minutes' | 'next_response_minutes' | 'resolution_minutes',
    label: string,
  ) => {
    const e = errorOf(name);
    return (
      <div className="col-md-4 mb-3">
        <label htmlFor={id(name)} className="form-label">
          {label}
        </label>
        <input
          id={id(name)}
          name={name}
          type="number"
          min={1}
          max={525600}
          inputMode="numeric"
          className={`form-control${e ? ' is-invalid' : ''}`}
          value={formik.values[name]}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          aria-invalid={e ? true : undefined}
          aria-describedby={e ? id(`${name}-error`) : undefined}
        />
        {e && (
          <div id={id(`${name}-error`)} className="invalid-feedback">
            {e}
          </div>
        )}
      </div>
    );
  };

  const nameError = errorOf('name');
  const daysError =
    formik.submitCount > 0 && typeof formik.errors.days === 'string'
      ? formik.errors.days
      : undefined;
  const addHoliday = () => {
    const date = formik.values.new_holiday;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || formik.values.holidays.includes(date)) return;
    void formik.setFieldValue('holidays', [...formik.values.holidays, date].sort());
    void formik.setFieldValue('new_holiday', '');
  };

  return (
    <form
      onSubmit={formik.handleSubmit}
      noValidate
      aria-labelledby={id('title')}
      className="card card-body mb-4"
    >
      <h2 id={id('title')} className="h5">
        {policy ? t('form.editTitle', { name: policy.name }) : t('form.newTitle')}
      </h2>
      {serverOnly.length > 0 && (
        <div className="alert alert-danger" role="alert">
          <ul className="mb-0">
            {serverOnly.map(([key, message]) => (
              <li key={key}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="mb-3">
        <label htmlFor={id('name')} className="form-label">
          {t('form.name')}
        </label>
        <input
          id={id('name')}
          name="name"
          className={`form-control${nameError ? ' is-invalid' : ''}`}
          value={formik.values.name}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? id('name-error') : undefined}
        />
        {nameError && (
          <div id={id('name-error')} className="invalid-feedback">
            {nameError}
          </div>
        )}
      </div>
      <h3 className="h6">{t('form.conditions')}</h3>
      <div className="row">
        {checkGroup(
          'priority_ids',
          t('form.priorities'),
          (priorities.data ?? []).map((p) => ({
            value: String(p.priority_id),
            label: p.priority_name,
          })),
        )}
        {checkGroup('hd_ids', t('form.helpdesks'), helpdeskOptions(helpdesks.data))}
        {checkGroup(
          'company_ids',
          t('form.companies'),
          (companies.data ?? []).map((c) => ({
            value: String(c.company_id),
            label: c.company_name,
          })),
        )}
      </div>
      <h3 className="h6">{t('form.targets')}</h3>
      <div className="row">
        {minutesField('first_response_minutes', t('form.first'))}
        {minutesField('next_response_minutes', t('form.next'))}
        {minutesField('resolution_minutes', t('form.resolution'))}
      </div>
      <h3 className="h6">{t('form.calendar')}</h3>
      <div className="mb-3 col-md-6">
        <label htmlFor={id('time_zone')} className="form-label">
          {t('form.timeZone')}
        </label>
        <select
          id={id('time_zone')}
          name="time_zone"
          className="form-select"
          value={formik.values.time_zone}
          onChange={formik.handleChange}
        >
          {timeZones(formik.values.time_zone).map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('form.hours')}</legend>
        {daysError && (
          <div className="text-danger small mb-2" role="alert">
            {daysError}
          </div>
        )}
        {formik.values.days.map((d, i) => {
          const e = dayError(i);
          return (
            <div className="row g-2 align-items-center mb-1" key={days[i]}>
              <div className="col-sm-4">
                <div className="form-check">
                  <input
                    id={id(`day-${i}`)}
                    type="checkbox"
                    className="form-check-input"
                    name={`days.${i}.working`}
                    checked={d.working}
                    onChange={formik.handleChange}
                  />
                  <label className="form-check-label" htmlFor={id(`day-${i}`)}>
                    {days[i]}
                  </label>
                </div>
              </div>
              <div className="col-sm-3">
                <input
                  type="text"
                  pattern="[0-2][0-9]:[0-5][0-9]"
                  className="form-control form-control-sm"
                  aria-label={t('form.dayStart', { day: days[i] })}
                  name={`days.${i}.start`}
                  value={d.start}
                  disabled={!d.working}
                  onChange={formik.handleChange}
                />
              </div>
              <div className="col-sm-3">
                <input
                  type="text"
                  pattern="[0-2][0-9]:[0-5][0-9]"
                  className={`form-control form-control-sm${e ? ' is-invalid' : ''}`}
                  aria-label={t('form.dayEnd', { day: days[i] })}
                  aria-invalid={e ? true : undefined}
                  aria-describedby={e ? id(`day-${i}-error`) : undefined}
                  name={`days.${i}.end`}
                  value={d.end}
                  disabled={!d.working}
                  onChange={formik.handleChange}
                />
                {e && (
                  <div id={id(`day-${i}-error`)} className="invalid-feedback">
                    {e}
                  </div>
                )}
              </div>
            </div>
          );
        })}
      </fieldset>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('form.holidays')}</legend>
        {formik.values.holidays.length === 0 ? (
          <p className="text-body-secondary small">{t('form.noHolidays')}</p>
        ) : (
          <ul className="list-inline">
            {formik.values.holidays.map((date) => (
              <li key={date} className="list-inline-item badge text-bg-light border me-2">
                {date}{' '}
                <button
                  type="button"
                  className="btn btn-sm btn-link p-0"
                  aria-label={t('form.removeHoliday', { date })}
                  onClick={() =>
                    void formik.setFieldValue(
                      'holidays',
                      formik.values.holidays.filter((h) => h !== date),
                    )
                  }
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="d-flex gap-2 align-items-end">
          <div>
            <label htmlFor={id('new_holiday')} className="form-label small">
              {t('form.holidayDate')}
            </label>
            <input
              id={id('new_holiday')}
              type="date"
              name="new_holiday"
              className="form-control form-control-sm"
              value={formik.values.new_holiday}
              onChange={formik.handleChange}
            />
          </div>
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={addHoliday}>
            {t('form.addHoliday')}
          </button>
        </div>
      </fieldset>
      <div className="d-flex gap-2">
        <SubmitButton loading={saving} label={t('form.save')} className="btn btn-primary" />
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}

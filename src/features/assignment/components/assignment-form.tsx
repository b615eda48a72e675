import '../i18n';
import { useFormik } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { SubmitButton, useServerFieldErrors } from '../../../lib/form-field';
import type { ErrorInfo } from '../../../lib/types';
import type { AssignmentDesk, DeskRule } from '../types';

interface Values {
  mode: AssignmentDesk['mode'];
  away_hours: string;
  away_action: AssignmentDesk['away_action'];
}

const MODES: AssignmentDesk['mode'][] = ['off', 'round_robin', 'fewest_open'];
const ACTIONS: AssignmentDesk['away_action'][] = ['queue', 'reassign'];

/** A desk's rule and away setting (formik + yup): the hours empty means never. */
export function AssignmentForm({
  desk,
  saving,
  error,
  onSave,
  onCancel,
}: {
  desk: AssignmentDesk;
  saving: boolean;
  error: ErrorInfo | null;
  onSave: (rule: DeskRule) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('assignment');
  const id = useId();
  const formik = useFormik<Values>({
    initialValues: {
      mode: desk.mode,
      away_hours: desk.away_hours === null ? '' : String(desk.away_hours),
      away_action: desk.away_action,
    },
    validationSchema: yup.object({
      mode: yup.string().oneOf(MODES).required(),
      away_hours: yup
        .string()
        .matches(/^\s*([1-9]\d{0,2})?\s*$/, t('form.awayHoursInvalid'))
        .test('range', t('form.awayHoursInvalid'), (v) => !v?.trim() || Number(v) <= 720),
      away_action: yup.string().oneOf(ACTIONS).required(),
    }),
    onSubmit: (v) =>
      onSave({
        mode: v.mode,
        away_hours: v.away_hours.trim() ? Number(v.away_hours) : null,
        away_action: v.away_action,
      }),
  });
  useServerFieldErrors(formik, error);
  const hoursError = formik.touched.away_hours ? formik.errors.away_hours : undefined;
  return (
    <form
      className="card card-body mb-3"
      aria-label={t('form.label', { name: desk.name })}
      onSubmit={formik.handleSubmit}
      noValidate
    >
      <div className="mb-3">
        <label htmlFor={`${id}-mode`} className="form-label">
          {t('form.mode')}
        </label>
        <select
          id={`${id}-mode`}
          name="mode"
          className="form-select"
          aria-describedby={`${id}-mode-hint`}
          value={formik.values.mode}
          onChange={formik.handleChange}
        >
          {MODES.map((m) => (
            <option key={m} value={m}>
              {t(`modes.${m}`)}
            </option>
          ))}
        </select>
        <div id={`${id}-mode-hint`} className="form-text">
          {t('form.modeHint')}
        </div>
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-hours`} className="form-label">
          {t('form.awayHours')}
        </label>
        <input
          id={`${id}-hours`}
          name="away_hours"
          inputMode="numeric"
          className={`form-control${hoursError ? ' is-invalid' : ''}`}
          aria-invalid={hoursError ? true : undefined}
          aria-describedby={`${id}-hours-hint${hoursError ? ` ${id}-hours-error` : ''}`}
          value={formik.values.away_hours}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
        />
        <div id={`${id}-hours-hint`} className="form-text">
          {t('form.awayHoursHint')}
        </div>
        {hoursError && (
          <div id={`${id}-hours-error`} className="invalid-feedback d-block">
            {hoursError}
          </div>
        )}
      </div>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('form.awayAction')}</legend>
        {ACTIONS.map((a) => (
          <div className="form-check" key={a}>
            <input
              id={`${id}-action-${a}`}
              name="away_action"
              type="radio"
              value={a}
              className="form-check-input"
              checked={formik.values.away_action === a}
              onChange={formik.handleChange}
            />
            <label htmlFor={`${id}-action-${a}`} className="form-check-label">
              {t(`form.${a}`)}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="d-flex gap-2">
        <SubmitButton loading={saving} label={t('save')} className="btn btn-primary" />
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChangeEvent, FocusEvent, FormEvent } from 'react';
import type { FormikErrors, FormikTouched } from 'formik';

type Values = Record<string, string>;

interface SmallFormConfig<V extends Values> {
  initialValues: V;
  validate: (values: V) => FormikErrors<V>;
  onSubmit: (values: V) => void;
}

export interface SmallForm<V extends Values> {
  values: V;
  touched: FormikTouched<V>;
  errors: FormikErrors<V>;
  handleChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  handleBlur: (event: FocusEvent<HTMLInputElement | HTMLSelectElement>) => void;
  handleSubmit: (event: FormEvent<HTMLFormElement>) => void;
  setErrors: (errors: FormikErrors<V>) => void;
  setTouched: (touched: FormikTouched<V>, validate?: boolean) => void;
  resetForm: () => void;
}

const hasErrors = (errors: object) => Object.values(errors).some(Boolean);

/**
 * The part of formik the sign-in pages use, with its rules (validate on change, blur and submit;
 * a message shows once its field is touched) and its shape, so `FormField` takes either. The
 * login page's JavaScript has a budget (150 KB gzipped, docs/performance.md) that formik's 13 KB
 * would break; every other form uses formik.
 */
export function useSmallForm<V extends Values>(config: SmallFormConfig<V>): SmallForm<V> {
  const [values, setValues] = useState<V>(config.initialValues);
  const [touched, setTouchedState] = useState<FormikTouched<V>>({});
  const [errors, setErrors] = useState<FormikErrors<V>>({});
  // The latest rules and values for the handlers: the page's closures change with each render
  // (formik keeps them in refs too); the handlers set the values, an effect the rules.
  const latest = useRef({ config, values: config.initialValues });
  useEffect(() => {
    latest.current.config = config;
  });

  const handleChange = useCallback((event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const { name, value } = event.target;
    const next = { ...latest.current.values, [name]: value };
    latest.current.values = next;
    setValues(next);
    setErrors(latest.current.config.validate(next));
  }, []);

  const handleBlur = useCallback((event: FocusEvent<HTMLInputElement | HTMLSelectElement>) => {
    const { name } = event.target;
    setTouchedState((old) => ({ ...old, [name]: true }));
    setErrors(latest.current.config.validate(latest.current.values));
  }, []);

  const handleSubmit = useCallback((event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { config: current, values: now } = latest.current;
    const all: Record<string, boolean> = {};
    for (const key of Object.keys(now)) all[key] = true;
    setTouchedState(all as FormikTouched<V>);
    const found = current.validate(now);
    setErrors(found);
    if (!hasErrors(found)) current.onSubmit(now);
  }, []);

  const setTouched = useCallback((next: FormikTouched<V>) => setTouchedState(next), []);

  const resetForm = useCallback(() => {
    const initial = latest.current.config.initialValues;
    latest.current.values = initial;
    setValues(initial);
    setTouchedState({});
    setErrors({});
  }, []);

  return {
    values,
    touched,
    errors,
    handleChange,
    handleBlur,
    handleSubmit,
    setErrors,
    setTouched,
    resetForm,
  };
}

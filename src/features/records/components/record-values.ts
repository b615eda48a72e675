import '../i18n';
import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { oneLineTest } from '../../../lib/one-line';
import { htmlHasText } from '../../../lib/text';
import type { Kind } from '../kinds';
import type { HdRecord, RecordWrite } from '../types';

/** Form values are keyed by the API's field names (so a 400's `fields` land beside them). */
export type RecordValues = Record<string, string>;

const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export function emptyValues(kind: Kind, hdId: string): RecordValues {
  return {
    [kind.titleField]: '',
    [kind.bodyField]: '',
    [kind.lookupField]: '',
    ...(kind.type === 'T' ? { company_id: '' } : {}),
    hd_id: hdId,
  };
}

export function valuesOf(kind: Kind, record: HdRecord, withStatus = false): RecordValues {
  const source = record as unknown as Record<string, unknown>;
  return {
    [kind.titleField]: str(source[kind.titleField]),
    [kind.bodyField]: str(source[kind.bodyField]),
    [kind.lookupField]: str(source[kind.lookupField]),
    ...(kind.type === 'T' ? { company_id: str(source.company_id) } : {}),
    hd_id: str(record.hd_id),
    ...(withStatus ? { status_id: str(record.status_id) } : {}),
  };
}

const idOrNull = (value: string | undefined) => (value ? Number(value) : null);

/** The API body for these values (POST, or PUT without version). */
export function writeBody(kind: Kind, values: RecordValues): RecordWrite {
  const body: RecordWrite = {
    [kind.titleField]: (values[kind.titleField] ?? '').trim(),
    [kind.bodyField]: values[kind.bodyField] ?? '',
    [kind.lookupField]: idOrNull(values[kind.lookupField]),
  };
  if (kind.type === 'T') body.company_id = idOrNull(values.company_id);
  if (values.hd_id) body.hd_id = Number(values.hd_id);
  return body;
}

/** The same rules as the server: a draft needs only its subject / title. */
export function recordSchema(kind: Kind, t: TFunction, draft: boolean) {
  const k = kind.key;
  const shape: Record<string, yup.Schema> = {
    [kind.titleField]: yup
      .string()
      .trim()
      .required(t(`records:${k}.validation.titleRequired`))
      .max(200, t(`records:${k}.validation.titleLength`))
      .test(oneLineTest(t('common:validation.oneLine'))),
  };
  if (!draft) {
    shape[kind.bodyField] = yup
      .string()
      .test('has-text', t(`records:${k}.validation.bodyRequired`), (v) => htmlHasText(v))
      .max(100_000, t(`records:${k}.validation.bodyLength`));
    shape[kind.lookupField] = yup.string().required(t(`records:${k}.validation.lookupRequired`));
  }
  return yup.object(shape);
}

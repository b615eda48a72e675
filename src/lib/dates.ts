import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

type DateInput = string | number | Date;

/** 'DD Mon YYYY' in UTC, e.g. '05 Mar 2025'. Empty string for a missing or invalid date. */
export function formatDateUtc(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs.utc(value);
  return d.isValid() ? d.format('DD MMM YYYY') : '';
}

/** 'YYYY-MM-DD HH:mm' in local time. Empty string for a missing or invalid date. */
export function formatDateTimeLocal(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm') : '';
}

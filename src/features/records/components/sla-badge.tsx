import '../i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlaSummary } from '../types';

const CLASS: Record<SlaSummary['state'], string> = {
  ok: 'text-bg-success',
  warning: 'text-bg-warning',
  overdue: 'text-bg-danger',
  paused: 'text-bg-secondary',
  met: 'text-bg-light border',
  none: '',
};

/** "3 d 4 h", "2 h 5 min", "12 min" (the same short units in English and Spanish). */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(Math.abs(ms) / 60_000));
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return h > 0 ? `${d} d ${h} h` : `${d} d`;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  return `${m} min`;
}

/** The time now, moving on each minute (the time left counts down on screen). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * A ticket's service level in a list row: time left or overdue, coloured, and the target named
 * for screen readers. The state is the server's (its clock); the time left is counted here.
 */
export function SlaBadge({ sla, now }: { sla?: SlaSummary; now?: number }) {
  const { t } = useTranslation('records');
  const ticking = useNow();
  now ??= ticking;
  if (!sla || sla.state === 'none') {
    return <span className="text-body-secondary">{t('sla.none')}</span>;
  }
  const left = sla.due_at ? formatDuration(Date.parse(sla.due_at) - now) : '';
  const text =
    sla.state === 'overdue'
      ? t('sla.overdueBy', { left })
      : sla.state === 'ok' || sla.state === 'warning'
        ? t(`sla.${sla.state}`, { left })
        : t(`sla.${sla.state}`);
  return (
    <span className={`badge ${CLASS[sla.state]}`} data-sla-state={sla.state}>
      {sla.target && <span className="visually-hidden">{t(`sla.target.${sla.target}`)}: </span>}
      {text}
    </span>
  );
}

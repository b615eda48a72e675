import '../i18n';
import { useTranslation } from 'react-i18next';
import { formatDateTimeLocal } from '../../../lib/dates';
import type { SlaTarget, Ticket } from '../types';
import { SlaBadge, formatDuration, useNow } from './sla-badge';

const TARGETS: { target: SlaTarget; due: keyof Ticket; met?: keyof Ticket }[] = [
  { target: 'first_response', due: 'first_response_due_at', met: 'first_responded_at' },
  { target: 'next_response', due: 'next_response_due_at' },
  { target: 'resolution', due: 'resolution_due_at', met: 'resolved_at' },
];

/** The ticket's service level: each target with its due time and the time left (or met). */
export function SlaSection({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('records');
  const now = useNow();
  if (!ticket.sla || ticket.sla.state === 'none') return null;
  const line = (target: SlaTarget, due: string | null, met: string | null) => {
    if (met && due) {
      return Date.parse(met) <= Date.parse(due)
        ? t('sla.metOnTime', { at: formatDateTimeLocal(met) })
        : t('sla.metLate', { at: formatDateTimeLocal(met) });
    }
    if (!due) return t('sla.noTarget');
    const left = Date.parse(due) - now;
    const when = t('sla.due', { at: formatDateTimeLocal(due) });
    // The server's clock decides overdue for the target it names (the summary).
    const overdue = ticket.sla?.target === target ? ticket.sla.state === 'overdue' : left < 0;
    return overdue
      ? `${when} · ${t('sla.overdueBy', { left: formatDuration(left) })}`
      : `${when} · ${t('sla.ok', { left: formatDuration(left) })}`;
  };
  return (
    <div className="col-12">
      <section className="card" aria-labelledby="sla-heading">
        <div className="card-body">
          <h2 id="sla-heading" className="h5 mb-3 d-flex gap-2 align-items-center">
            {t('sla.section')} <SlaBadge sla={ticket.sla} now={now} />
          </h2>
          <dl className="mb-0 row">
            {TARGETS.map(({ target, due, met }) => {
              const dueAt = (ticket[due] as string | null | undefined) ?? null;
              const metAt = met ? ((ticket[met] as string | null | undefined) ?? null) : null;
              return (
                <div key={target} className="col-md-4" data-sla-target={target}>
                  <dt className="fw-semibold">{t(`sla.target.${target}`)}</dt>
                  <dd className="mb-0">
                    {target === 'next_response' && !dueAt
                      ? t('sla.waiting')
                      : line(target, dueAt, metAt)}
                  </dd>
                </div>
              );
            })}
          </dl>
        </div>
      </section>
    </div>
  );
}

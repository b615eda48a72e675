/**
 * Status and priority as badges with one colour each, the same in lists and details. Colours are
 * Bootstrap's subtle tones (text-emphasis on bg-subtle), which keep AA contrast in light and dark.
 */
type Tone = 'primary' | 'info' | 'warning' | 'success' | 'secondary' | 'danger';

const STATUS_TONES: Record<string, Tone> = {
  new: 'info',
  open: 'primary',
  pending: 'warning',
  'in-review': 'warning',
  resolved: 'success',
  published: 'success',
  closed: 'secondary',
  archived: 'secondary',
};

const PRIORITY_TONES: Record<string, Tone> = {
  low: 'secondary',
  normal: 'info',
  high: 'warning',
  urgent: 'danger',
};

const slug = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');

function ToneBadge({
  name,
  tones,
  kind,
}: {
  name: string;
  tones: Record<string, Tone>;
  kind: string;
}) {
  const key = slug(name);
  return (
    <span
      className={`badge badge-tone tone-${tones[key] ?? 'secondary'}`}
      data-tone={`${kind}-${key}`}
    >
      {name}
    </span>
  );
}

export function StatusBadge({ name }: { name: string | null | undefined }) {
  return name ? <ToneBadge name={name} tones={STATUS_TONES} kind="status" /> : null;
}

export function PriorityBadge({ name }: { name: string | null | undefined }) {
  return name ? <ToneBadge name={name} tones={PRIORITY_TONES} kind="priority" /> : null;
}

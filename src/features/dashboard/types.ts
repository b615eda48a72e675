/** GET dashboard/ (docs/api-overview.md). */
export type FigureKey =
  'my_open' | 'waiting_for_me' | 'recently_answered' | 'unassigned' | 'assigned_to_me' | 'overdue';

export interface Figure {
  key: FigureKey;
  label: string;
  value: number;
  /** The SPA path of the list filtered to this figure. */
  link: string;
}

export interface HelpdeskOpen {
  hd_id: number;
  hd_name: string;
  open: number;
}

export interface ActivityEvent {
  record_id: number;
  object_type: 'T' | 'C';
  title: string;
  action: string;
  actor_name: string | null;
  created_at: string;
}

export interface DashboardData {
  role: 'user' | 'agent';
  figures: Figure[];
  per_helpdesk?: HelpdeskOpen[];
  activity: ActivityEvent[];
}

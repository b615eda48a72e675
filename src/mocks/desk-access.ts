// The administrators' state of the mock db (server: migration 027): restricted help desks and
// their members, deactivated users. A fresh db (tests reset it) starts it over.
import { db } from './db';

let owner: unknown;
const desks = new Map<number, { restricted: boolean; members: number[] }>();
const inactive = new Set<number>();

export function adminState() {
  if (owner !== db.users) {
    owner = db.users;
    desks.clear();
    inactive.clear();
  }
  return { desks, inactive };
}

/** records/visibility.ts deskOpenToUser: the desk is not restricted, or the agent is a member. */
export function worksOnDesk(userId: number, hdId: number): boolean {
  const desk = adminState().desks.get(hdId);
  return !desk?.restricted || desk.members.includes(userId);
}

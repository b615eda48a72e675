// The user as the API shows it: the shared User shape (server/lib/schemas.ts), whose response
// schema enforces the same list of fields.
import type { PublicUser } from '../../lib/schemas.js';

export function publicUser(row: Omit<PublicUser, 'id'> & { id: string | number }): PublicUser {
  return {
    id: Number(row.id),
    fullname: row.fullname,
    email: row.email,
    user_is_hde: row.user_is_hde,
    user_is_admin: row.user_is_admin,
    items_per_page: row.items_per_page,
    language: row.language,
  };
}

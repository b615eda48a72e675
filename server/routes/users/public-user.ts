// The user as the API shows it. The response schema enforces the same list of fields.
export interface PublicUser {
  id: number;
  fullname: string;
  email: string;
  user_is_hde: boolean;
  user_is_admin: boolean;
  items_per_page: number;
  language: 'en' | 'es';
}

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

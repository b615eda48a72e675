// URL slugs: `/help/articles/42-reset-your-password`. Only the id before the first dash decides
// which article is shown; the slug is for people and search engines, and the canonical URL
// carries the current one.

/** Lower-case ASCII words of `text`, accents dropped, joined by dashes (at most 80 characters). */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** `42-some-title`: the id and the slug of a path segment; undefined when it has no valid id. */
export function idOfSegment(segment: string): number | undefined {
  const match = /^(\d{1,18})(?:-[^/]*)?$/.exec(segment);
  if (!match) return undefined;
  const id = Number(match[1]);
  return id >= 1 && Number.isSafeInteger(id) ? id : undefined;
}

export const articlePath = (id: string | number, title: string) => {
  const slug = slugify(title);
  return `/help/articles/${id}${slug ? `-${slug}` : ''}`;
};

export const categoryPath = (id: number, name: string) => {
  const slug = slugify(name);
  return `/help/categories/${id}${slug ? `-${slug}` : ''}`;
};

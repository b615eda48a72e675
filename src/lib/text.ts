/** Shortens text to at most `max` characters, ending with an ellipsis '…' when cut. */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  if (max <= 1) return '…';
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** Whether an editor's HTML has visible text (an empty editor's `<p></p>` has none). */
export function htmlHasText(html: string | null | undefined): boolean {
  if (!html) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;|\u00a0/g, ' ')
      .trim().length > 0
  );
}

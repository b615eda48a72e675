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

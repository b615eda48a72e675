// Reply drafts, one per record, in localStorage: what an agent typed stays while they look at
// other records (and across a reload), until it is sent.
// 'public' is a note to the requester (communication action 'note'); 'note' is internal work log.
export type ReplyMode = 'reply' | 'public' | 'note' | 'forward';

export interface ReplyDraft {
  mode: ReplyMode;
  body: string;
  forward_to: string;
  sent_as: string;
}

const key = (type: string, id: number) => `helpdesk.replyDraft.${type}.${id}`;

export function loadDraft(type: string, id: number): ReplyDraft | null {
  try {
    const raw = localStorage.getItem(key(type, id));
    return raw ? (JSON.parse(raw) as ReplyDraft) : null;
  } catch {
    return null;
  }
}

export function saveDraft(type: string, id: number, draft: ReplyDraft): void {
  try {
    if (!draft.body.trim() && !draft.forward_to.trim()) localStorage.removeItem(key(type, id));
    else localStorage.setItem(key(type, id), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the draft lives as long as the page.
  }
}

export function clearDraft(type: string, id: number): void {
  try {
    localStorage.removeItem(key(type, id));
  } catch {
    // Nothing kept, nothing to clear.
  }
}

/** A macro's HTML as the reply box's plain text: one line per paragraph or line break. */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const blocks = Array.from(doc.body.querySelectorAll('p, li, div, br'));
  if (!blocks.length) return doc.body.textContent ?? '';
  doc.body.querySelectorAll('br').forEach((br) => br.replaceWith('\n'));
  return Array.from(doc.body.children)
    .map((el) => el.textContent ?? '')
    .join('\n');
}

/** {{requester_name}}, {{ticket_id}} and {{agent_name}} filled in. */
export function fillPlaceholders(
  text: string,
  values: { requester_name: string; ticket_id: number; agent_name: string },
): string {
  return text
    .replaceAll('{{requester_name}}', values.requester_name)
    .replaceAll('{{ticket_id}}', String(values.ticket_id))
    .replaceAll('{{agent_name}}', values.agent_name);
}

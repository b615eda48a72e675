import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

const outbox = path.join(process.env.E2E_DATA_DIR ?? '/tmp/helpdesk-e2e', 'outbox');

/** Undo quoted-printable so links split over lines read whole again. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The mails to `email` in the outbox, oldest first, as text. */
export function mailsTo(email: string): string[] {
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(outbox, f), 'utf8')))
    .filter((m) => new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(m));
}

/** Waits for a mail to `email` containing a link to `pathPrefix` and returns that link's path. */
export async function linkFromMail(email: string, pathPrefix: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const re = new RegExp(`https?://[^\\s"<>]*(${pathPrefix}\\?token=[A-Za-z0-9_-]+)`);
        for (const mail of mailsTo(email).reverse()) {
          const m = mail.match(re);
          if (m) {
            link = m[1];
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${email} with a ${pathPrefix} link` },
    )
    .toBe(true);
  return link;
}

export function mailCount(email: string): number {
  return mailsTo(email).length;
}

/** Waits for a mail to `email` whose text contains `text`. */
export async function expectMailContaining(email: string, text: string): Promise<void> {
  await expect
    .poll(() => mailsTo(email).some((m) => m.includes(text)), {
      message: `a mail to ${email} containing "${text}"`,
    })
    .toBe(true);
}

/** A header of a mail as text (folded lines joined), or null when it has none. */
export function headerOf(mail: string, name: string): string | null {
  const head = mail.split(/\r?\n\r?\n/)[0];
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const re = new RegExp(`^${name}:[ \t]*(.*)$`, 'mi');
  return re.exec(unfolded)?.[1].trim() ?? null;
}

/** Waits for a mail to `email` whose text contains `text`, and returns it. */
export async function mailContaining(email: string, text: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        found = mailsTo(email).find((m) => m.includes(text)) ?? '';
        return found !== '';
      },
      { message: `a mail to ${email} containing "${text}"`, timeout: 20_000 },
    )
    .toBe(true);
  return found;
}

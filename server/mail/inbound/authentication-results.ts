// RFC 8601 Authentication-Results, read only from the relay the operator trusts
// (MAIL_TRUSTED_AUTHSERV_ID): anyone can write such a header into a mail, so one from any other
// authserv-id says nothing. Only a failure is acted on; a "pass" proves nothing more than a
// mail without the header.
import type { ParsedMail } from 'mailparser';

/** Whether the trusted relay reported `dmarc=fail` for this mail. */
export function dmarcFailed(parsed: ParsedMail, trustedAuthservId: string | undefined): boolean {
  if (!trustedAuthservId) return false;
  return parsed.headerLines
    .filter((h) => h.key === 'authentication-results')
    .some((h) => {
      const value = h.line.slice(h.line.indexOf(':') + 1).replace(/\s+/g, ' ');
      const [authservPart, ...results] = value.split(';');
      // "authserv-id [version]": the id is the first word.
      const authservId = authservPart.trim().split(' ')[0].toLowerCase();
      if (authservId !== trustedAuthservId) return false;
      return results.some((r) => /^\s*dmarc\s*=\s*fail\b/i.test(r));
    });
}

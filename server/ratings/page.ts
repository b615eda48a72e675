// The public rating page behind the mailed links (/rate/<token>): plain server-rendered HTML with
// no script, so it works from any mail client and browser, under the app's CSP (a form posting
// to the same origin). Written in the requester's language (the visitor's for a bad link).
import { fill, translate, type Language } from '../lib/i18n.js';
import type { Rating } from './sql.js';
import { RATING_PAGE } from './texts.js';

function esc(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;
color:#212529;line-height:1.5}h1{font-size:1.5rem}fieldset{border:0;padding:0;margin:0 0 1rem}
label{display:block;margin:.25rem 0}textarea{width:100%;min-height:6rem;font:inherit}
button{font:inherit;padding:.4rem 1.2rem;background:#0b5ed7;color:#fff;border:0;border-radius:.3rem}
.note{color:#495057}`;

function layout(lang: Language, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;
}

export type PageProblem = 'invalid' | 'expired' | 'replaced' | 'tooMany';

/** A link that rates nothing: forged, expired, an earlier solve's, or too many requests. */
export function problemPage(lang: Language, problem: PageProblem): string {
  const t = (text: string) => translate(lang, text);
  const [title, text] = {
    invalid: [RATING_PAGE.invalidTitle, RATING_PAGE.invalid],
    expired: [RATING_PAGE.expiredTitle, RATING_PAGE.expired],
    replaced: [RATING_PAGE.replacedTitle, RATING_PAGE.replaced],
    tooMany: [RATING_PAGE.tooManyTitle, RATING_PAGE.tooMany],
  }[problem];
  return layout(lang, t(title), `<p>${esc(t(text))}</p>`);
}

/** The question, or the saved rating with the form to change it and add a comment. */
export function ratingPage(
  lang: Language,
  s: {
    action: string;
    subject: string;
    rating: Rating | null;
    comment: string | null;
    until: Date;
    saved: 'rating' | 'comment' | null;
  },
): string {
  const t = (text: string, values: Record<string, string> = {}) =>
    fill(translate(lang, text), values);
  const names: Record<Rating, string> = { good: t(RATING_PAGE.good), bad: t(RATING_PAGE.bad) };
  const notice =
    s.saved === 'comment'
      ? `<p role="status"><strong>${esc(t(RATING_PAGE.saved))}</strong></p>`
      : s.saved === 'rating' && s.rating
        ? `<p role="status"><strong>${esc(t(RATING_PAGE.thanks, { rating: names[s.rating] }))}</strong></p>`
        : '';
  const choice = (r: Rating) =>
    `<label><input type="radio" name="r" value="${r}"${s.rating === r ? ' checked' : ''} required> ${esc(names[r])}</label>`;
  const form =
    `<form method="post" action="${esc(s.action)}">` +
    `<fieldset><legend>${esc(t(RATING_PAGE.question, { subject: s.subject }))}</legend>` +
    `${choice('good')}${choice('bad')}</fieldset>` +
    `<label for="comment">${esc(t(RATING_PAGE.commentLabel))}</label>` +
    `<textarea id="comment" name="comment" maxlength="2000">${esc(s.comment ?? '')}</textarea>` +
    `<p><button type="submit">${esc(t(RATING_PAGE.send))}</button></p></form>` +
    `<p class="note">${esc(t(RATING_PAGE.changeUntil, { date: s.until.toISOString().slice(0, 10) }))}</p>`;
  return layout(lang, t(RATING_PAGE.title), notice + form);
}

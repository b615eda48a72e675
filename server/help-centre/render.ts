// The help centre's HTML, rendered on the server: a real title, description, canonical URL,
// hreflang links, Open Graph tags and the text in the markup, for search engines and for people
// without JavaScript. No script at all and no inline style (the CSP, plugins/security-headers.ts):
// one stylesheet, help.css. Every text goes through translate() (lib/i18n.ts, server/locales/es.json).
import { translate, type Language } from '../lib/i18n.js';
import type { CategoryNode } from './categories.js';
import { STYLESHEET_PATH } from './stylesheet.js';
import { articlePath, categoryPath } from './slug.js';
import type { ArticleListRow, ArticleRow, PublicAttachmentRow, SearchHit } from './sql.js';

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };
const OG_LOCALES: Record<Language, string> = { en: 'en_US', es: 'es_ES' };

export interface PageHead {
  lang: Language;
  title: string;
  description: string;
  /** Absolute. */
  canonical: string;
  /** Absolute URL per language version of this page (hreflang). */
  alternates: Partial<Record<Language, string>>;
  ogType: 'website' | 'article';
  noindex?: boolean;
  /** The path this page is at, for the language switch's links. */
  path: string;
  /** The search box's text. */
  query?: string;
}

/** Plain text of sanitised HTML, for meta descriptions. */
export function textOf(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…` : text;
}

export function formatDate(date: Date, lang: Language): string {
  return new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'en-GB', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

function withLang(path: string, lang: Language): string {
  const [base, query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  params.set('lang', lang);
  return `${base}?${params.toString()}`;
}

export function layout(head: PageHead, main: string): string {
  const t = (text: string) => escapeHtml(translate(head.lang, text));
  const e = escapeHtml;
  const alternates = Object.entries(head.alternates)
    .map(([l, href]) => `<link rel="alternate" hreflang="${l}" href="${e(href)}">`)
    .join('\n');
  const xDefault = head.alternates.en
    ? `\n<link rel="alternate" hreflang="x-default" href="${e(head.alternates.en)}">`
    : '';
  const switcher = (['en', 'es'] as const)
    .map((l) =>
      l === head.lang
        ? `<span aria-current="true" lang="${l}">${LANGUAGE_NAMES[l]}</span>`
        : `<a href="${e(withLang(head.path, l))}" hreflang="${l}" lang="${l}" rel="nofollow">${LANGUAGE_NAMES[l]}</a>`,
    )
    .join(' ');
  return `<!doctype html>
<html lang="${head.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(head.title)} · ${t('Help centre')}</title>
<meta name="description" content="${e(head.description)}">
${head.noindex ? '<meta name="robots" content="noindex">\n' : ''}<link rel="canonical" href="${e(head.canonical)}">
${alternates}${xDefault}
<meta property="og:type" content="${head.ogType}">
<meta property="og:title" content="${e(head.title)}">
<meta property="og:description" content="${e(head.description)}">
<meta property="og:url" content="${e(head.canonical)}">
<meta property="og:locale" content="${OG_LOCALES[head.lang]}">
<meta property="og:site_name" content="${t('Help centre')}">
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<a class="skip" href="#main">${t('Skip to content')}</a>
<header class="top">
<div class="wrap bar">
<a class="brand" href="/help">${t('Help centre')}</a>
<nav class="langs" aria-label="${t('Language')}">${switcher}</nav>
</div>
<div class="wrap">
<form class="search" role="search" action="/help/search" method="get">
<label for="q">${t('Search the help centre')}</label>
<div class="row"><input id="q" name="q" type="search" maxlength="200" value="${e(head.query ?? '')}"><button type="submit">${t('Search')}</button></div>
</form>
</div>
</header>
<main id="main" class="wrap">
${main}
</main>
<footer class="wrap foot">
<p>${t('Did not find an answer?')} <a href="/auth/login?next=%2Fticket%2Finput">${t('Raise a ticket')}</a> · <a href="/contact">${t('Contact us')}</a></p>
</footer>
</body>
</html>
`;
}

function typeLabel(name: string | null, lang: Language): string {
  return name ? ` <span class="label">${escapeHtml(translate(lang, name))}</span>` : '';
}

export function articleList(rows: ArticleListRow[], lang: Language, empty: string): string {
  if (!rows.length) return `<p class="empty">${escapeHtml(translate(lang, empty))}</p>`;
  return `<ul class="articles">${rows
    .map(
      (r) =>
        `<li><a href="${escapeHtml(articlePath(r.id, r.title))}"${r.language === lang ? '' : ` lang="${r.language}" hreflang="${r.language}"`}>${escapeHtml(r.title)}</a>${typeLabel(r.content_type_name, lang)}</li>`,
    )
    .join('')}</ul>`;
}

function countText(count: number, lang: Language): string {
  return translate(lang, count === 1 ? '1 article' : '{{count}} articles').replace(
    '{{count}}',
    String(count),
  );
}

function categoryLinks(nodes: CategoryNode[], lang: Language): string {
  return `<ul class="categories">${nodes
    .map(
      (c) =>
        `<li><a href="${escapeHtml(categoryPath(c.id, c.name))}">${escapeHtml(c.name)}</a> <span class="count">(${escapeHtml(countText(c.total, lang))})</span></li>`,
    )
    .join('')}</ul>`;
}

export function homeMain(lang: Language, top: CategoryNode[], viewed: ArticleListRow[]): string {
  const t = (text: string) => escapeHtml(translate(lang, text));
  return `<h1>${t('How can we help?')}</h1>
<section aria-labelledby="top-categories"><h2 id="top-categories">${t('Categories')}</h2>
${top.length ? categoryLinks(top, lang) : `<p class="empty">${t('No articles yet.')}</p>`}</section>
<section aria-labelledby="most-viewed"><h2 id="most-viewed">${t('Most viewed articles')}</h2>
${articleList(viewed, lang, 'No articles yet.')}</section>`;
}

function breadcrumbs(path: CategoryNode[], lang: Language, currentIsLast: boolean): string {
  const items = [`<li><a href="/help">${escapeHtml(translate(lang, 'Help centre'))}</a></li>`];
  path.forEach((c, i) => {
    const name = escapeHtml(c.name);
    items.push(
      currentIsLast && i === path.length - 1
        ? `<li aria-current="page">${name}</li>`
        : `<li><a href="${escapeHtml(categoryPath(c.id, c.name))}">${name}</a></li>`,
    );
  });
  return `<nav aria-label="${escapeHtml(translate(lang, 'Breadcrumb'))}"><ol class="crumbs">${items.join('')}</ol></nav>`;
}

export function categoryMain(
  lang: Language,
  path: CategoryNode[],
  node: CategoryNode,
  articles: ArticleListRow[],
): string {
  const t = (text: string) => escapeHtml(translate(lang, text));
  const sub = node.children.length
    ? `<section aria-labelledby="subcategories"><h2 id="subcategories">${t('Subcategories')}</h2>${categoryLinks(node.children, lang)}</section>`
    : '';
  return `${breadcrumbs(path, lang, true)}
<h1>${escapeHtml(node.name)}</h1>
${sub}
<section aria-labelledby="in-category"><h2 id="in-category">${t('Articles')}</h2>
${articleList(articles, lang, 'No articles directly in this category.')}</section>`;
}

export interface ArticleView {
  lang: Language;
  article: ArticleRow;
  /** The sanitised body. */
  body: string;
  path: CategoryNode[];
  related: ArticleListRow[];
  attachments: PublicAttachmentRow[];
  /** The visitor's language version, when this article is in the other language. */
  translationInVisitorLanguage?: { id: string; title: string };
  voted: boolean;
}

export function articleMain(v: ArticleView): string {
  const { lang, article } = v;
  const t = (text: string) => escapeHtml(translate(lang, text));
  const e = escapeHtml;
  let note = '';
  if (article.language !== lang) {
    note = v.translationInVisitorLanguage
      ? `<p class="note">${t('This article is also in your language:')} <a href="${e(articlePath(v.translationInVisitorLanguage.id, v.translationInVisitorLanguage.title))}" hreflang="${lang}">${e(v.translationInVisitorLanguage.title)}</a></p>`
      : `<p class="note">${t(article.language === 'es' ? 'This article exists only in Spanish.' : 'This article exists only in English.')}</p>`;
  }
  const files = v.attachments.length
    ? `<section aria-labelledby="files"><h2 id="files">${t('Attachments')}</h2><ul class="files">${v.attachments
        .map(
          (a) =>
            `<li><a href="/help/files/${a.id}/${encodeURIComponent(a.file_name)}">${e(a.file_name)}</a></li>`,
        )
        .join('')}</ul></section>`
    : '';
  const related = v.related.length
    ? `<section aria-labelledby="related"><h2 id="related">${t('Related articles')}</h2>${articleList(v.related, lang, '')}</section>`
    : '';
  const vote = v.voted
    ? `<p class="thanks" role="status">${t('Thank you for your feedback.')}</p>`
    : `<form class="vote" method="post" action="${e(articlePath(article.id, article.title))}/vote">
<fieldset><legend>${t('Was this helpful?')}</legend>
<button type="submit" name="helpful" value="yes">${t('Yes')}</button>
<button type="submit" name="helpful" value="no">${t('No')}</button>
</fieldset></form>`;
  return `${breadcrumbs(v.path, lang, false)}
${note}
<article lang="${article.language}">
<h1>${e(article.title)}</h1>
<p class="meta">${typeLabel(article.content_type_name, lang)} <span>${t('Last updated')} <time datetime="${article.updated_at.toISOString()}">${formatDate(article.updated_at, lang)}</time></span></p>
<div class="body">${v.body}</div>
</article>
${files}
${vote}
${related}`;
}

export function searchMain(lang: Language, query: string, hits: SearchHit[]): string {
  const t = (text: string) => escapeHtml(translate(lang, text));
  const raise = `<p>${t('No results.')} <a href="/auth/login?next=%2Fticket%2Finput">${t('Raise a ticket')}</a> ${t('or')} <a href="/contact">${t('contact us')}</a>.</p>`;
  if (!query.trim()) return `<h1>${t('Search')}</h1><p>${t('Type a few words to search.')}</p>`;
  const list = hits.length
    ? `<ol class="hits">${hits
        .map(
          (h) =>
            `<li><a href="${escapeHtml(articlePath(h.id, h.title))}"${h.language === lang ? '' : ` lang="${h.language}" hreflang="${h.language}"`}>${escapeHtml(h.title)}</a>${typeLabel(h.content_type_name, lang)}<p class="snippet">${h.snippet}</p></li>`,
        )
        .join('')}</ol>`
    : raise;
  return `<h1>${t('Search results')}</h1>
<p class="summary" role="status">${escapeHtml(countText(hits.length, lang))}</p>
${list}`;
}

export function messageMain(lang: Language, heading: string, text: string): string {
  const t = (s: string) => escapeHtml(translate(lang, s));
  return `<h1>${t(heading)}</h1><p>${t(text)}</p><p><a href="/help">${t('Go to the help centre')}</a></p>`;
}

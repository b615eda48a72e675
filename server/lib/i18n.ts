// Server texts in the caller's language. English is the source: every text a person may read
// (field messages in the schemas' `x-message`, HttpError messages, `data.message`) is written in
// English in the code and looked up in a catalog per other language (server/locales/es.json),
// keyed by that English text. Texts with values use `{{name}}` placeholders in the key, e.g.
// "{{name}} is larger than {{max}} MB."; the code fills them in with fill(), and translate()
// recognises the filled text and puts the same values into the translation.
import type { FastifyRequest } from 'fastify';
import es from '../locales/es.json' with { type: 'json' };

export type Language = 'en' | 'es';
export const LANGUAGES: readonly Language[] = ['en', 'es'];

const CATALOGS: Record<Exclude<Language, 'en'>, Record<string, string>> = { es };

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** Puts values into a text with {{placeholders}}. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(PLACEHOLDER, (_m, name: string) => String(values[name] ?? `{{${name}}}`));
}

interface Template {
  pattern: RegExp;
  names: string[];
  translation: string;
}

const templates = new Map<Language, Template[]>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function templatesOf(lang: Exclude<Language, 'en'>): Template[] {
  let list = templates.get(lang);
  if (!list) {
    list = Object.entries(CATALOGS[lang])
      .filter(([key]) => key.includes('{{'))
      .map(([key, translation]) => {
        const names = [...key.matchAll(PLACEHOLDER)].map((m) => m[1]);
        const pattern = escapeRegExp(key).replace(/\\\{\\\{\w+\\\}\\\}/g, '(.+?)');
        return { pattern: new RegExp(`^${pattern}$`, 's'), names, translation };
      });
    templates.set(lang, list);
  }
  return list;
}

/** The text in `lang`; English (as written in the code) when the catalog lacks it. */
export function translate(lang: Language, text: string): string {
  if (lang === 'en') return text;
  const exact = CATALOGS[lang][text];
  if (exact !== undefined) return exact;
  for (const t of templatesOf(lang)) {
    const match = t.pattern.exec(text);
    if (match) {
      return fill(t.translation, Object.fromEntries(t.names.map((n, i) => [n, match[i + 1]])));
    }
  }
  return text;
}

/** Whether the catalog of `lang` has `text` (or a template it fills). */
export function hasTranslation(lang: Exclude<Language, 'en'>, text: string): boolean {
  return CATALOGS[lang][text] !== undefined || translate(lang, text) !== text;
}

export function catalog(lang: Exclude<Language, 'en'>): Readonly<Record<string, string>> {
  return CATALOGS[lang];
}

/** The best of our languages for an Accept-Language header (q-values honoured), else English. */
export function acceptedLanguage(header: string | undefined): Language {
  let best: Language = 'en';
  let bestQ = 0;
  for (const part of (header ?? '').split(',')) {
    const [tag, ...params] = part.trim().toLowerCase().split(';');
    const q = Number(
      params
        .find((p) => p.trim().startsWith('q='))
        ?.trim()
        .slice(2) ?? 1,
    );
    const lang = LANGUAGES.find((l) => tag === l || tag.startsWith(`${l}-`));
    if (lang && Number.isFinite(q) && q > bestQ) {
      best = lang;
      bestQ = q;
    }
  }
  return best;
}

/** The caller's language: the signed-in user's setting, else Accept-Language, else English. */
export function requestLanguage(request: FastifyRequest): Language {
  return request.user?.language ?? acceptedLanguage(request.headers['accept-language']);
}

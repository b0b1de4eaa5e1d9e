// The small HTML pages an email's links open (the unsubscribe page, a tracked link that is not
// valid): no client JS, one inline stylesheet allowed by its hash (inlineStylePageCsp), and every
// word from the catalogue's linkPages texts in one language, which <html lang> names: the candidate's
// when the page is about one whose language is known (routes/unsubscribe.ts), else the visitor's.
import type { Context } from 'hono';
import { escapeHtml } from '#domain/html.ts';
import { requestLocale, type Locale } from '#domain/i18n/locale.ts';
import { translator, type Translate } from '#domain/i18n/translate.ts';
import type { Resources } from '#domain/i18n/en.ts';

export const LINK_PAGE_STYLE = `body{font-family:system-ui,sans-serif;background:#f8fafc;color:#1f2937;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:32px;max-width:440px}h1{font-size:1.4rem;margin-top:0}
button{background:#1d4ed8;color:#fff;border:0;border-radius:8px;padding:10px 18px;font-size:1rem;cursor:pointer}
button.secondary{background:#fff;color:#1d4ed8;border:1px solid #1d4ed8}`;

/** A page's words: linkPages in one language. */
export type LinkPageWords = Translate<Resources['linkPages']>;

/**
 * The language of a link page for this request: the visitor's browser (Accept-Language), as the
 * public pages choose it. The answer says it varies with that header.
 */
export function linkPageLocale(c: Context): Locale {
  c.header('Vary', 'Accept-Language', { append: true });
  return requestLocale(c.req.raw.headers);
}

export function linkPageWords(locale: Locale): LinkPageWords {
  return translator(locale, 'linkPages');
}

/** The whole page: `title` is plain text, `body` HTML (escape what goes into it). */
export function linkPage(locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>${LINK_PAGE_STYLE}</style>
</head><body><main>${body}</main></body></html>`;
}

/** A heading and a paragraph: the not-valid and try-again pages. */
export function messagePage(locale: Locale, page: 'unsubscribe.notValid' | 'trackedLink.notValid' | 'unavailable'): string {
  const t = linkPageWords(locale);
  return linkPage(locale, t(`${page}.title`), `<h1>${escapeHtml(t(`${page}.heading`))}</h1><p>${escapeHtml(t(`${page}.text`))}</p>`);
}

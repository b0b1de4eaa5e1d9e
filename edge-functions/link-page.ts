// The small HTML pages an email's links open (the unsubscribe page, a tracked link that is not
// valid): no client JS, one inline stylesheet allowed by its hash (inlineStylePageCsp), and every
// word from the catalogue's linkPages texts in one language, which <html lang> names: the candidate's
// when the page is about one whose language is known (routes/unsubscribe.ts), else the visitor's.
import type { Context } from 'hono';
import { escapeHtml } from '#domain/html.ts';
import { log as processLog } from '#platform/runtime/log.server.ts';
import { unavailableReason } from '#platform/db/pools.server.ts';
import type { AppEnv } from './context.ts';
import { HttpError, toHttpError } from './http.ts';
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

/** The whole page: `title` is plain text, `body` HTML (escape what goes into it); `style` the one the route's CSP allows. */
export function linkPage(locale: Locale, title: string, body: string, style = LINK_PAGE_STYLE): string {
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>${style}</style>
</head><body><main>${body}</main></body></html>`;
}

/** A heading and a paragraph: the not-valid and try-again pages. */
export function messagePage(locale: Locale, page: 'unsubscribe.notValid' | 'trackedLink.notValid' | 'privacy.notValid' | 'unavailable',
  style = LINK_PAGE_STYLE): string {
  const t = linkPageWords(locale);
  return linkPage(locale, t(`${page}.title`), `<h1>${escapeHtml(t(`${page}.heading`))}</h1><p>${escapeHtml(t(`${page}.text`))}</p>`, style);
}

/**
 * A person's page even when the work fails: a link that is not valid (404, `notValid`), too many requests (429),
 * or "try again" with the error's status (503 while the database does not answer, else 500; logged as the API
 * logs it). The error pages speak the visitor's language (Accept-Language): who the link is for is not known.
 */
export async function asLinkPage(c: Context<AppEnv>, pages: { notValid: 'unsubscribe.notValid' | 'privacy.notValid'; style?: string },
  work: (locale: Locale) => Promise<Response>): Promise<Response> {
  const locale = linkPageLocale(c);
  try {
    return await work(locale);
  } catch (error) {
    const known = toHttpError(error);
    if (known?.status === 404) return c.html(messagePage(locale, pages.notValid, pages.style), 404);
    const logger = c.var.deps.logger ?? processLog;
    const where = { requestId: c.var.requestId, method: c.req.method, route: c.req.routePath };
    if (!known) logger.error('request failed', { ...where, error: (error as Error).message, stack: (error as Error).stack });
    else if (known.status === 503 && !(error instanceof HttpError)) logger.warn('database unavailable', { ...where, reason: unavailableReason(error) });
    const retryAfter = known?.retryAfterSeconds ?? (known?.status === 429 ? known.extra.retryAfter : undefined);
    if (typeof retryAfter === 'number') c.header('retry-after', String(retryAfter));
    return c.html(messagePage(locale, 'unavailable', pages.style), known && (known.status >= 500 || known.status === 429) ? known.status : 500);
  }
}

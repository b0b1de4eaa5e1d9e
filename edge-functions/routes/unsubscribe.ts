// Unsubscribe links. GET shows a confirmation page and changes nothing (mail
// scanners follow links); POST unsubscribes: the page's button, and RFC 8058
// one-click from mail clients (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`).
// POST .../resubscribe is the page's "I changed my mind": only the candidate
// can reverse their own opt-out. No sign-in: the token is the credential.
// The pages speak the candidate's language when it is known (candidates.language), else the
// visitor's (Accept-Language, link-page.ts); every word from the catalogue (linkPages.unsubscribe).
import { Hono, type Context } from 'hono';
import { resubscribe, unsubscribe, unsubscribeState } from '#domain/consent/unsubscribe.server.ts';
import { resubscribedSchema, unsubscribedSchema } from '#domain/consent/unsubscribe-schemas.ts';
import type { AppEnv } from '../context.ts';
import { HttpError } from '../http.ts';
import { doc, reply } from '../contract.ts';
import { inlineStylePageCsp } from '../security-headers.ts';
import { asLinkPage, LINK_PAGE_STYLE, linkPage, linkPageWords, messagePage } from '../link-page.ts';
import { escapeHtml } from '#domain/html.ts';
import { candidateLocale, type Locale } from '#domain/i18n/locale.ts';

/** The question first: the button POSTs (a GET changes nothing). */
function confirmPage(locale: Locale, token: string, firstName: string | null): string {
  const t = linkPageWords(locale);
  const heading = firstName ? t('unsubscribe.confirm.heading', { name: firstName }) : t('unsubscribe.confirm.headingNoName');
  return linkPage(locale, t('unsubscribe.confirm.title'), `<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(t('unsubscribe.confirm.text'))}</p>
<form method="post" action="/api/unsubscribe/${escapeHtml(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${escapeHtml(t('unsubscribe.confirm.button'))}</button></form>`);
}

/** The "you are unsubscribed" page, with the way back in. */
function unsubscribedPage(locale: Locale, token: string): string {
  const t = linkPageWords(locale);
  return linkPage(locale, t('unsubscribe.unsubscribed.title'), `<h1>${escapeHtml(t('unsubscribe.unsubscribed.heading'))}</h1>
<p>${escapeHtml(t('unsubscribe.unsubscribed.text'))}</p>
<form method="post" action="/api/unsubscribe/${escapeHtml(token)}/resubscribe"><p>${escapeHtml(t('unsubscribe.unsubscribed.changedMind'))}</p>
<button type="submit" class="secondary">${escapeHtml(t('unsubscribe.unsubscribed.button'))}</button></form>`);
}

function resubscribedPage(locale: Locale): string {
  const t = linkPageWords(locale);
  return linkPage(locale, t('unsubscribe.resubscribed.title'),
    `<h1>${escapeHtml(t('unsubscribe.resubscribed.heading'))}</h1><p>${escapeHtml(t('unsubscribe.resubscribed.text'))}</p>`);
}

/**
 * A person's page even when the work fails (link-page.ts asLinkPage). `work` gets the browser's language, which a
 * page about a candidate gives way to theirs (candidateLocale); the failure pages, which know no candidate, speak it.
 */
const asPage = (c: Context<AppEnv>, work: (browser: Locale) => Promise<Response>) => asLinkPage(c, { notValid: 'unsubscribe.notValid' }, work);

const fromBrowser = (accept: string | undefined) => (accept ?? '').includes('text/html');
const notFound = () => new HttpError(404, 'unsubscribe_link_not_found', { field: 'token' });
const PAGE = 'text/html';

export const unsubscribeRoutes = new Hono<AppEnv>()
  // The page's one stylesheet is allowed by its hash; it cannot be framed.
  .use('*', inlineStylePageCsp(LINK_PAGE_STYLE))

  /** Changes nothing: mail scanners follow links. */
  .get('/:token', doc({ summary: 'The unsubscribe confirmation page of an email\'s link', access: 'public',
    response: { contentType: PAGE, description: 'A page with the button that unsubscribes, in the candidate\'s language, else the visitor\'s (Accept-Language; 404: the link is not valid)' } }),
  (c) => asPage(c, async (browser) => {
    const token = c.req.param('token');
    const state = await unsubscribeState(c.var.deps.pools.app, token);
    if (!state.found) return c.html(messagePage(browser, 'unsubscribe.notValid'), 404);
    const locale = candidateLocale(state.language, browser);
    if (state.unsubscribed) return c.html(unsubscribedPage(locale, token));
    return c.html(confirmPage(locale, token, state.firstName));
  }))

  /** RFC 8058 one-click from a mail client (this JSON), or the page's button (Accept: text/html: the "unsubscribed" page). */
  .post('/:token', doc({ summary: 'Unsubscribe from email (one-click, RFC 8058; a browser asking for HTML gets a page)', access: 'public',
    response: unsubscribedSchema }), async (c) => {
    const token = c.req.param('token');
    // A person on the page asks for HTML; a mail client's one-click POST does not.
    if (fromBrowser(c.req.header('accept'))) {
      return asPage(c, async (browser) => {
        const done = await unsubscribe(c.var.deps.pools.app, token, 'unsubscribe_link');
        if (done === 'not_found') throw notFound();
        return c.html(unsubscribedPage(candidateLocale(done.language, browser), token));
      });
    }
    const result = await unsubscribe(c.var.deps.pools.app, token, 'one_click');
    if (result === 'not_found') throw notFound();
    return reply(c, unsubscribedSchema, { success: true, status: result.status });
  })

  /** The page's "I changed my mind": only the candidate can reverse their own opt-out. */
  .post('/:token/resubscribe', doc({ summary: 'Opt back in to email (the candidate\'s own choice; a browser asking for HTML gets a page)',
    access: 'public', response: resubscribedSchema }), async (c) => {
    if (fromBrowser(c.req.header('accept'))) {
      return asPage(c, async (browser) => {
        const done = await resubscribe(c.var.deps.pools.app, c.req.param('token'));
        if (done === 'not_found') throw notFound();
        return c.html(resubscribedPage(candidateLocale(done.language, browser)));
      });
    }
    const result = await resubscribe(c.var.deps.pools.app, c.req.param('token'));
    if (result === 'not_found') throw notFound();
    return reply(c, resubscribedSchema, { success: true, status: result.status });
  });

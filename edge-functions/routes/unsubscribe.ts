// Unsubscribe links. GET shows a confirmation page and changes nothing (mail
// scanners follow links); POST unsubscribes: the page's button, and RFC 8058
// one-click from mail clients (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`).
// POST .../resubscribe is the page's "I changed my mind": only the candidate
// can reverse their own opt-out. No sign-in: the token is the credential.
import { Hono } from 'hono';
import { resubscribe, unsubscribe, unsubscribeState } from '#domain/consent/unsubscribe.server.ts';
import { resubscribedSchema, unsubscribedSchema } from '#domain/consent/unsubscribe-schemas.ts';
import type { AppEnv } from '../context.ts';
import { HttpError } from '../http.ts';
import { doc, reply } from '../contract.ts';
import { inlineStylePageCsp } from '../security-headers.ts';
import { escapeHtml } from '#domain/html.ts';

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;background:#f8fafc;color:#1f2937;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:32px;max-width:440px}h1{font-size:1.4rem;margin-top:0}
button{background:#1d4ed8;color:#fff;border:0;border-radius:8px;padding:10px 18px;font-size:1rem;cursor:pointer}
button.secondary{background:#fff;color:#1d4ed8;border:1px solid #1d4ed8}p.nl{color:#4b5563}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head><body><main>${body}</main></body></html>`;
}

/** The "you are unsubscribed" page, with the way back in. */
function unsubscribedPage(token: string): string {
  return page('Unsubscribed', `<h1>You are unsubscribed</h1><p>You will not receive our emails any more.</p>
<p class="nl">Je bent afgemeld en ontvangt geen e-mails meer van ons.</p>
<form method="post" action="/api/unsubscribe/${escapeHtml(token)}/resubscribe"><p>Changed your mind? / Toch van gedachten veranderd?</p>
<button type="submit" class="secondary">I changed my mind: email me again / Ik wil toch e-mails ontvangen</button></form>`);
}

const NOT_VALID = page('Link not valid', '<h1>This link is not valid</h1><p>It may have been copied incompletely.</p><p class="nl">Deze link is niet geldig.</p>');

const fromBrowser = (accept: string | undefined) => (accept ?? '').includes('text/html');
const notFound = () => new HttpError(404, 'Unsubscribe link not found', { field: 'token' });
const PAGE = 'text/html';

export const unsubscribeRoutes = new Hono<AppEnv>()
  // The page's one stylesheet is allowed by its hash; it cannot be framed.
  .use('*', inlineStylePageCsp(PAGE_STYLE))

  /** Changes nothing: mail scanners follow links. */
  .get('/:token', doc({ summary: 'The unsubscribe confirmation page of an email\'s link', access: 'public',
    response: { contentType: PAGE, description: 'A page with the button that unsubscribes (404: the link is not valid)' } }), async (c) => {
    const token = c.req.param('token');
    const state = await unsubscribeState(c.var.deps.pools.app, token);
    if (!state.found) return c.html(NOT_VALID, 404);
    if (state.unsubscribed) return c.html(unsubscribedPage(token));
    const hello = state.firstName ? `, ${escapeHtml(state.firstName)}` : '';
    return c.html(page('Unsubscribe', `<h1>Unsubscribe${hello}?</h1>
<p>You will no longer receive emails from our recruiters.</p><p class="nl">Je ontvangt dan geen e-mails meer van onze recruiters.</p>
<form method="post" action="/api/unsubscribe/${escapeHtml(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe / Afmelden</button></form>`));
  })

  /** RFC 8058 one-click from a mail client (this JSON), or the page's button (Accept: text/html: the "unsubscribed" page). */
  .post('/:token', doc({ summary: 'Unsubscribe from email (one-click, RFC 8058; a browser asking for HTML gets a page)', access: 'public',
    response: unsubscribedSchema }), async (c) => {
    const token = c.req.param('token');
    // A person on the page asks for HTML; a mail client's one-click POST does not.
    const browser = fromBrowser(c.req.header('accept'));
    const result = await unsubscribe(c.var.deps.pools.app, token, browser ? 'unsubscribe_link' : 'one_click');
    if (result === 'not_found') throw notFound();
    if (browser) return c.html(unsubscribedPage(token));
    return reply(c, unsubscribedSchema, { success: true, status: result });
  })

  /** The page's "I changed my mind": only the candidate can reverse their own opt-out. */
  .post('/:token/resubscribe', doc({ summary: 'Opt back in to email (the candidate\'s own choice; a browser asking for HTML gets a page)',
    access: 'public', response: resubscribedSchema }), async (c) => {
    const result = await resubscribe(c.var.deps.pools.app, c.req.param('token'));
    if (result === 'not_found') throw notFound();
    if (fromBrowser(c.req.header('accept'))) {
      return c.html(page('Subscribed again', `<h1>Welcome back</h1><p>You will receive our emails again. You can unsubscribe at any time with the link in every email.</p>
<p class="nl">Je ontvangt onze e-mails weer. Afmelden kan altijd via de link in elke e-mail.</p>`));
    }
    return reply(c, resubscribedSchema, { success: true, status: result });
  });

// Unsubscribe links. GET shows a confirmation page and changes nothing (mail
// scanners follow links); POST unsubscribes: the page's button, and RFC 8058
// one-click from mail clients (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`).
// No sign-in: the token is the credential.
import { Hono } from 'hono';
import { unsubscribe, unsubscribeState } from '../../domain/unsubscribe.ts';
import type { AppEnv } from '../context.ts';
import { HttpError } from '../http.ts';

export const unsubscribeRoutes = new Hono<AppEnv>();

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#1f2937;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:32px;max-width:440px}h1{font-size:1.4rem;margin-top:0}
button{background:#1d4ed8;color:#fff;border:0;border-radius:8px;padding:10px 18px;font-size:1rem;cursor:pointer}p.nl{color:#6b7280}</style>
</head><body><main>${body}</main></body></html>`;
}

unsubscribeRoutes.get('/:token', async (c) => {
  const token = c.req.param('token');
  const state = await unsubscribeState(c.var.deps.pools.app, token);
  if (!state.found) {
    return c.html(page('Link not valid', '<h1>This link is not valid</h1><p>It may have been copied incompletely.</p><p class="nl">Deze link is niet geldig.</p>'), 404);
  }
  if (state.unsubscribed) {
    return c.html(page('Unsubscribed', '<h1>You are unsubscribed</h1><p>You will not receive our emails any more.</p><p class="nl">Je bent afgemeld en ontvangt geen e-mails meer van ons.</p>'));
  }
  const hello = state.firstName ? `, ${escapeHtml(state.firstName)}` : '';
  return c.html(page('Unsubscribe', `<h1>Unsubscribe${hello}?</h1>
<p>You will no longer receive emails from our recruiters.</p><p class="nl">Je ontvangt dan geen e-mails meer van onze recruiters.</p>
<form method="post" action="/api/unsubscribe/${escapeHtml(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe / Afmelden</button></form>`));
});

unsubscribeRoutes.post('/:token', async (c) => {
  const result = await unsubscribe(c.var.deps.pools.app, c.req.param('token'));
  if (result === 'not_found') throw new HttpError(404, 'Unsubscribe link not found', { field: 'token' });
  if ((c.req.header('accept') ?? '').includes('text/html')) {
    return c.html(page('Unsubscribed', '<h1>You are unsubscribed</h1><p>You will not receive our emails any more.</p><p class="nl">Je bent afgemeld en ontvangt geen e-mails meer van ons.</p>'));
  }
  return c.json({ success: true, status: result });
});

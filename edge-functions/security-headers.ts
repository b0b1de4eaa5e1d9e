// Security headers on every response: the API's own (also when it is served
// alone, as in the tests) and, through server.ts, pages, static files and 404s.
// Pages bring their own Content-Security-Policy (Astro hashes their scripts and
// styles at build time, see docs/decisions/010); any other response gets one
// that lets nothing load and nobody frame it.
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/** For JSON, files and anything else that is not a page. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The headers every response carries, whatever it is. HSTS only when the site is served over https. */
export function securityHeaderValues(publicUrl: string): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (new URL(publicUrl).protocol === 'https:') headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

/** Sets the security headers on the answer; a Content-Security-Policy the handler chose is kept. */
export function securityHeaders(publicUrl: string): MiddlewareHandler {
  const headers = Object.entries(securityHeaderValues(publicUrl));
  return async (c, next) => {
    await next();
    for (const [name, value] of headers) c.res.headers.set(name, value);
    if (!c.res.headers.has('Content-Security-Policy')) c.res.headers.set('Content-Security-Policy', NON_PAGE_CSP);
  };
}

/**
 * For a small server-rendered page (the unsubscribe page): its one inline
 * stylesheet is allowed by hash, its forms may post to us, nothing else loads.
 */
export function inlineStylePageCsp(css: string): MiddlewareHandler {
  const hash = createHash('sha256').update(css).digest('base64');
  const policy = `default-src 'none'; style-src 'sha256-${hash}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;
  return async (c, next) => {
    c.header('Content-Security-Policy', policy);
    await next();
  };
}

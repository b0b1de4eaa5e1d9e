// Compresses the pages Astro renders per request (the /app shell, the booking page): the node adapter
// writes them straight to the socket, past server.ts's compress(), which handles everything else.
import { defineMiddleware } from 'astro:middleware';

const COMPRESSIBLE = /^text\/html\b/;

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  // Prerendering has no visitor to ask (and no request headers).
  if (context.isPrerendered || !response.body || response.headers.has('content-encoding')) return response;
  if (!COMPRESSIBLE.test(response.headers.get('content-type') ?? '')) return response;
  if (!/\bgzip\b/.test(context.request.headers.get('accept-encoding') ?? '')) return response;
  const headers = new Headers(response.headers);
  headers.set('content-encoding', 'gzip');
  headers.delete('content-length');
  headers.append('vary', 'Accept-Encoding');
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), { status: response.status, statusText: response.statusText, headers });
});

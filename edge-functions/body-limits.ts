// Request body limits: every API route has one, checked before anything reads
// the body, so an anonymous client cannot fill the server's memory.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './context.ts';
import { say, type Said } from '#domain/i18n/codes.ts';
import { HttpError } from './http.ts';

const KB = 1024;
const MB = 1024 * KB;

/** Largest request body per route, checked before anything reads it; the first match wins. */
const BODY_LIMITS: { method?: string; path: RegExp; maxBytes: number | null; said?: Said; field?: string }[] = [
  // Streamed and imported while it arrives, with its own 512 MB cap (routes/imports.ts).
  { method: 'PUT', path: /^\/api\/imports\/[^/]+\/file$/, maxBytes: null },
  { path: /^\/api\/imports\/preview$/, maxBytes: MB, said: 'preview_too_large', field: 'file' },
  { path: /^\/api\/inbound\/email(\/mime)?$/, maxBytes: 15 * MB, said: 'mail_too_large' },
  { path: /^\/api\/auth\//, maxBytes: 64 * KB },
  { path: /^\/api\//, maxBytes: MB },
];

function sizeLabel(bytes: number): string {
  return bytes >= MB ? `${bytes / MB} MB` : `${bytes / KB} KB`;
}

const bodyLimits = BODY_LIMITS.map((rule) => ({
  ...rule,
  check: rule.maxBytes === null ? null : bodyLimit({
    maxSize: rule.maxBytes,
    onError: () => {
      throw new HttpError(413, rule.said ?? say('body_too_large', { size: sizeLabel(rule.maxBytes!) }), { field: rule.field ?? 'body' });
    },
  }),
}));

/** Refuses an oversized body with 413 before it is read into memory. */
export const limitBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const rule = bodyLimits.find((r) => (!r.method || r.method === c.req.method) && r.path.test(c.req.path));
  return rule?.check ? rule.check(c, next) : next();
};

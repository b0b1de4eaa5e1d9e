// Turning bad input and known failures into 4xx JSON answers that name the field.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { DomainError } from '#domain/errors.ts';
import { coded, msg, say, type Coded, type ErrorCode, type Params, type Said } from '#domain/i18n/codes.ts';
import { englishText } from '#domain/i18n/english.ts';
import { isDatabaseUnavailable } from '#platform/db/pools.server.ts';
import { closingQuote, parseJson } from '#platform/json.ts';
import { isId, MAX_ID } from '#domain/schemas/ids.ts';
import { issueCoded } from '#domain/schemas/issues.ts';
import { fieldName, findUnstorableText } from '#domain/schemas/text.ts';

/**
 * An answer of 4xx/5xx: `{ error, code, params?, field? }` and `extra`. It is said as a code of the
 * catalogue (decision 032); `error` (and `message`) is the code's English text.
 */
export class HttpError extends Error {
  status: ContentfulStatusCode;
  code: ErrorCode;
  params?: Params;
  /** The input at fault; null: none (said explicitly, as a 503 does); absent: not said. */
  field?: string | null;
  extra: Record<string, unknown>;
  /** Sent as the Retry-After header. */
  retryAfterSeconds?: number;
  constructor(status: ContentfulStatusCode, said: Said | Coded,
    options: { field?: string | null; extra?: Record<string, unknown>; retryAfterSeconds?: number } = {}) {
    super(englishText(said));
    const { code, params } = coded(said);
    this.status = status;
    this.code = code;
    this.params = params;
    this.field = options.field;
    this.extra = options.extra ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** A database that does not answer now: the client may try again this much later. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const databaseUnavailable = (said: Said) =>
  new HttpError(503, said, { field: null, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });

/**
 * Validates `data` against `schema`; a failure is a 400 naming the first bad
 * field (`root` names the input as a whole: a body that is not an object).
 * Text that cannot be stored (a NUL character, a lone surrogate) is refused
 * here for every body, query and path value, whatever the schema.
 */
export function parse<S extends z.ZodType>(schema: S, data: unknown, root = 'body'): z.infer<S> {
  const bad = findUnstorableText(data);
  if (bad) {
    const field = fieldName(bad.path, root);
    throw new HttpError(400, { code: bad.problem, params: { field } }, { field });
  }
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = fieldName(issue.path, root);
  throw new HttpError(400, issueCoded(issue, field), { field });
}

/** A numeric id from the path: a positive whole number up to 2^53-1; a bad one is a 400 naming `field`. */
export function parseId(value: string | undefined, field = 'id'): number {
  if (value === undefined || !/^[0-9]+$/.test(value)) throw new HttpError(400, say('validation.positive_whole_number', { field }), { field });
  const id = Number(value);
  if (!isId(id)) {
    throw new HttpError(400, id === 0 ? say('validation.positive_whole_number', { field })
      : say('validation.id_too_large', { field, max: MAX_ID }), { field });
  }
  return id;
}

/** A user id (uuid) from the path; a bad one is a 400 naming `field`. */
export function parseUuid(value: string | undefined, field = 'id'): string {
  return parse(z.uuid({ error: msg('validation.user_id', { field }) }), value, field);
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/** Whether a Content-Type header says JSON (application/json, or application/something+json). */
export function isJsonType(type: string | undefined): boolean {
  return type !== undefined && JSON_TYPE.test(type.trim());
}

export function notJsonError(): HttpError {
  return new HttpError(415, 'not_json', { field: 'content-type' });
}

/** The first object key that occurs twice in one object of valid JSON `text`, as a dotted path. */
export function duplicateKey(text: string): string | null {
  interface Frame { keys: Set<string> | null; key: string | number | null; index: number; expectKey: boolean; parent: Frame | null }
  const pathOf = (frame: Frame, last: string) => {
    const path: Array<string | number> = [last];
    for (let at: Frame | null = frame; at?.parent; at = at.parent) {
      path.unshift(at.parent.keys ? at.parent.key! : at.parent.index);
    }
    return path.join('.');
  };
  let top: Frame | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      const end = closingQuote(text, i);
      if (top?.keys && top.expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.keys.has(key)) return pathOf(top, key);
        top.keys.add(key);
        top.key = key;
        top.expectKey = false;
      }
      i = end;
    } else if (ch === '{' || ch === '[') {
      top = { keys: ch === '{' ? new Set() : null, key: null, index: 0, expectKey: ch === '{', parent: top };
    } else if (ch === '}' || ch === ']') {
      top = top!.parent;
    } else if (ch === ',' && top) {
      if (top.keys) top.expectKey = true;
      else top.index++;
    }
  }
  return null;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A body's bytes as text; 400 naming the body when they are not UTF-8, which a lenient
 * decoder would silently store as U+FFFD. (A leading byte-order mark is dropped.)
 */
export function utf8Text(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new HttpError(400, 'not_utf8', { field: 'body' });
  }
}

/**
 * The request's JSON body: `{}` when empty; 415 for a body that is not sent as
 * JSON, 400 for bytes that are not UTF-8 and as readJson.
 */
export async function jsonBody(c: Context): Promise<unknown> {
  // Its size was limited before it was read (body-limits.ts).
  const text = utf8Text(await c.req.arrayBuffer());
  if (text.trim() === '') return {};
  const type = c.req.header('content-type');
  if (type && !isJsonType(type)) throw notJsonError();
  return readJson(text);
}

/** A body's JSON text read; 400 for broken JSON or a key given twice (which JSON.parse would silently settle by taking the last one). */
export function readJson(text: string): unknown {
  let data: unknown;
  try {
    data = parseJson(text);
  } catch {
    throw new HttpError(400, 'invalid_json', { field: 'body' });
  }
  const duplicate = duplicateKey(text);
  if (duplicate) throw new HttpError(400, say('duplicate_key', { field: duplicate }), { field: duplicate });
  return data;
}

export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return parse(schema, await jsonBody(c));
}

interface PgError { code?: string; constraint?: string; detail?: string; message: string }

function isPgError(error: unknown): error is PgError {
  return typeof error === 'object' && error !== null && typeof (error as PgError).code === 'string'
    && /^[0-9A-Z]{5}$/.test((error as PgError).code!);
}

/** Known database refusals become 4xx answers, an unreachable or too slow database a 503; anything else is a 500 and logged. */
export function toHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof DomainError) return new HttpError(error.status, error, { field: error.field, extra: error.extra });
  if (isDatabaseUnavailable(error)) return databaseUnavailable('database_unavailable');
  if (!isPgError(error)) return null;
  switch (error.code) {
    case '57014': // statement_timeout (DB_STATEMENT_TIMEOUT_MS)
      return databaseUnavailable('database_slow');
    case '23505': {
      const field = /\((?:lower\()?(\w+)\)?\)=/.exec(error.detail ?? '')?.[1];
      return new HttpError(409, say('already_exists', { field: field ?? 'value' }), { field });
    }
    case '23503':
      return new HttpError(422, 'reference_missing', { field: /\((\w+)\)=/.exec(error.detail ?? '')?.[1] });
    case '23514':
      if (error.constraint === 'messages_email_consent') return new HttpError(422, 'blockers.no_consent', { field: 'channel' });
      if (error.constraint === 'messages_whatsapp_consent') return new HttpError(422, 'blockers.no_whatsapp_consent', { field: 'channel' });
      return new HttpError(422, say('rule_broken', { rule: error.constraint ?? 'check' }));
    case '23P01':
      return new HttpError(409, 'meeting_overlap', { field: 'startsAt' });
    case '22P02':
    case '22007':
    case '22008':
      return new HttpError(400, 'wrong_format');
    case '42501':
      return new HttpError(403, 'no_permission');
    default:
      return null;
  }
}

/** The answer: the English text, its code and params (decision 032), the field, and what else the error carries. */
export function errorResponse(c: Context, error: HttpError) {
  const body: Record<string, unknown> = { error: error.message, code: error.code, ...(error.params ? { params: error.params } : {}), ...error.extra };
  if (error.field !== undefined) body.field = error.field;
  return c.json(body, error.status);
}

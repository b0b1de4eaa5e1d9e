// Turning bad input and known failures into 4xx JSON answers that name the field.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { DomainError } from '../domain/errors.ts';

export class HttpError extends Error {
  status: ContentfulStatusCode;
  field?: string;
  extra: Record<string, unknown>;
  constructor(status: ContentfulStatusCode, message: string, options: { field?: string; extra?: Record<string, unknown> } = {}) {
    super(message);
    this.status = status;
    this.field = options.field;
    this.extra = options.extra ?? {};
  }
}

/** Validates `data` against `schema`; a failure is a 400 naming the first bad field. */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.join('.') || undefined;
  const message = issue.code === 'invalid_type' && issue.input === undefined && field
    ? `${field} is required`
    : issue.message;
  throw new HttpError(400, message, { field });
}

/** A numeric id from the path; a bad one is a 400 naming `field`. */
export function parseId(value: string | undefined, field = 'id'): number {
  // A string check, not z.coerce: a failed coercion would read as "is required" in parse().
  const schema = z.object({
    [field]: z.string().regex(/^[1-9][0-9]{0,15}$/, `${field} must be a number`).transform(Number)
      .refine(Number.isSafeInteger, `${field} is too large`),
  });
  return parse(schema, { [field]: value })[field] as number;
}

export async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'body must be valid JSON', { field: 'body' });
  }
}

export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return parse(schema, await jsonBody(c));
}

interface PgError { code?: string; constraint?: string; detail?: string; message: string }

function isPgError(error: unknown): error is PgError {
  return typeof error === 'object' && error !== null && typeof (error as PgError).code === 'string'
    && /^[0-9A-Z]{5}$/.test((error as PgError).code!);
}

/** Known database refusals become 4xx answers; anything else is a 500 and logged. */
export function toHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof DomainError) return new HttpError(error.status, error.message, { field: error.field });
  if (!isPgError(error)) return null;
  switch (error.code) {
    case '23505': {
      const field = /\((?:lower\()?(\w+)\)?\)=/.exec(error.detail ?? '')?.[1];
      return new HttpError(409, `${field ?? 'value'} already exists`, { field });
    }
    case '23503':
      return new HttpError(422, 'a referenced record does not exist', { field: /\((\w+)\)=/.exec(error.detail ?? '')?.[1] });
    case '23514':
      if (error.constraint === 'messages_email_consent') return new HttpError(422, 'Candidate has not consented to email', { field: 'channel' });
      if (error.constraint === 'messages_whatsapp_consent') return new HttpError(422, 'Candidate has not consented to WhatsApp', { field: 'channel' });
      return new HttpError(422, `value breaks a rule (${error.constraint ?? 'check'})`);
    case '23P01':
      return new HttpError(409, 'that time overlaps another meeting', { field: 'startsAt' });
    case '22P02':
    case '22007':
    case '22008':
      return new HttpError(400, 'a value has the wrong format');
    case '42501':
      return new HttpError(403, 'You do not have permission to do that');
    default:
      return null;
  }
}

export function errorResponse(c: Context, error: HttpError) {
  const body: Record<string, unknown> = { error: error.message, ...error.extra };
  if (error.field) body.field = error.field;
  return c.json(body, error.status);
}

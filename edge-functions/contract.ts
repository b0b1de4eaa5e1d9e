// Each /api route declares its request and its response with the shared zod
// schemas, in one place: the route itself. These helpers
// - validate input with our error contract (http.ts: 400 naming the field,
//   415, NUL refused, duplicate keys refused) and type it for Hono's RPC client,
// - type each JSON answer by its schema, so `hc<ApiType>` in the browser
//   knows what it gets (decision 013),
// - tag the route so openapi.ts can describe it,
// - with CHECK_API_RESPONSES=on (tests), check every answer against the
//   schema the route documents: a route that drifts from its schema fails.
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { AppEnv } from './context.ts';
import { say } from '#domain/i18n/codes.ts';
import { HttpError, jsonBody, parse, parseId } from './http.ts';
import { parseJson } from '#platform/json.ts';

export const CONTRACT = Symbol('talentloop.route-contract');

export type InputTarget = 'json' | 'query' | 'param';

/** A non-JSON answer (a CSV file, a redirect, a page): described, not parsed. */
export interface OtherResponse {
  contentType: string;
  description: string;
}

export interface RouteDoc {
  /** One line for the OpenAPI document. */
  summary: string;
  /** Tag (the concept); defaults to the first path segment. */
  tag?: string;
  /** Who may call it: 'user' (signed in, the default), 'admin', 'public'. */
  access?: 'user' | 'admin' | 'public';
  /** The success answer: a zod schema of the JSON body, or another content type. */
  response: z.ZodType | OtherResponse;
  /** The success status; 200 unless said. */
  status?: ContentfulStatusCode | 204 | 302 | 303;
  /** Headers the success answer carries, e.g. X-Total-Count. */
  headers?: Record<string, string>;
  /** Other success answers, by status (e.g. 202 "unmatched" next to 201 "stored"). */
  alsoAnswers?: Partial<Record<number, z.ZodType | OtherResponse>>;
  /** A request body that is not JSON (a CSV file, a raw email): described, read by the route itself. */
  requestBody?: OtherResponse;
}

export type ContractPart =
  | { kind: 'doc'; doc: RouteDoc }
  | { kind: 'input'; target: InputTarget; schema: z.ZodType };

function tagged<T extends object>(handler: T, part: ContractPart): T {
  return Object.assign(handler, { [CONTRACT]: part });
}

export function contractPart(handler: unknown): ContractPart | undefined {
  return typeof handler === 'function' ? (handler as { [CONTRACT]?: ContractPart })[CONTRACT] : undefined;
}

/** Documents a route: what it does and what it answers. Put it first. */
export function doc(routeDoc: RouteDoc): MiddlewareHandler<AppEnv> {
  return tagged<MiddlewareHandler<AppEnv>>(async (c, next) => {
    c.set('routeDoc', routeDoc);
    await next();
  }, { kind: 'doc', doc: routeDoc });
}

/**
 * The JSON body, parsed with `schema` (an empty body reads as `{}`). `pick`
 * chooses a narrower schema by the body itself (compose or reply), so that an
 * error names its field in that schema's words; `schema` documents them all.
 */
export function body<S extends z.ZodType>(schema: S, pick?: (data: unknown) => z.ZodType): MiddlewareHandler<AppEnv, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }> {
  return tagged<MiddlewareHandler<AppEnv, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }>>(async (c, next) => {
    const data = await jsonBody(c);
    c.req.addValidatedData('json', parse(pick ? pick(data) : schema, data) as object);
    await next();
  }, { kind: 'input', target: 'json', schema });
}

/** Whether the request's body is a plain HTML form (a page without client JS posted it). */
export function isFormPost(c: Context): boolean {
  return /^application\/x-www-form-urlencoded\s*(;|$)/i.test(c.req.header('content-type') ?? '');
}

/**
 * The body as `body()` reads it, or a plain HTML form (application/x-www-form-urlencoded, from a page without
 * client JS) whose text fields `fromForm` turns into the schema's input; documented as the JSON body. A JSON body
 * that does not parse is the usual 400; a form's is handed to the route (`c.var.formProblem`), which shows it on
 * its page, and the route reads no input.
 */
export function formOrBody<S extends z.ZodType>(schema: S, fromForm: (fields: Record<string, string>) => unknown):
  MiddlewareHandler<AppEnv, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }> {
  return tagged<MiddlewareHandler<AppEnv, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }>>(async (c, next) => {
    if (!isFormPost(c)) {
      c.req.addValidatedData('json', parse(schema, await jsonBody(c)) as object);
      return next();
    }
    const fields = Object.fromEntries(Object.entries(await c.req.parseBody()).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    try {
      c.req.addValidatedData('json', parse(schema, fromForm(fields)) as object);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      c.set('formProblem', error);
    }
    await next();
  }, { kind: 'input', target: 'json', schema });
}

/** What a query string can carry for each key the schema reads. */
export type QueryInput<S extends z.ZodType> = { [K in keyof z.input<S>]?: string | string[] };

/** The query string, parsed with `schema`. */
export function query<S extends z.ZodType>(schema: S): MiddlewareHandler<AppEnv, string, { in: { query: QueryInput<S> }; out: { query: z.output<S> } }> {
  return tagged<MiddlewareHandler<AppEnv, string, { in: { query: QueryInput<S> }; out: { query: z.output<S> } }>>(async (c, next) => {
    c.req.addValidatedData('query', parse(schema, c.req.query()) as object);
    await next();
  }, { kind: 'input', target: 'query', schema });
}

const idParamSchema = z.object({ id: z.string() });

/**
 * The numeric `:id` path parameter (a 400 naming `field`, 'id' unless said, when
 * it is not one). Read it with `c.req.valid('param').id`.
 */
export function idParam(field = 'id'): MiddlewareHandler<AppEnv, string, { in: { param: { id: string } }; out: { param: { id: number } } }> {
  return tagged<MiddlewareHandler<AppEnv, string, { in: { param: { id: string } }; out: { param: { id: number } } }>>(async (c, next) => {
    c.req.addValidatedData('param', { id: parseId(c.req.param('id'), field) });
    await next();
  }, { kind: 'input', target: 'param', schema: idParamSchema });
}

type ParamsHandler<S extends z.ZodType> = MiddlewareHandler<AppEnv, string, {
  in: { param: { [K in keyof z.input<S>]: string } }; out: { param: z.output<S> };
}>;

/** Path parameters parsed with `schema` (a uuid `:id`, a `:token`): a 400 naming the parameter. */
export function pathParams<S extends z.ZodType>(schema: S): ParamsHandler<S> {
  return tagged<ParamsHandler<S>>(async (c, next) => {
    c.req.addValidatedData('param', parse(schema, c.req.param()) as object);
    await next();
  }, { kind: 'input', target: 'param', schema });
}

/**
 * Answers `data` as JSON, typed by `schema` for the RPC client. With
 * CHECK_API_RESPONSES=on the answer must be the route's documented schema and
 * parse with it; a mismatch is a 500 that names the route and the field.
 */
export function reply<S extends z.ZodType, Status extends ContentfulStatusCode = 200>(
  c: Context<AppEnv>, schema: S, data: z.input<S>, status?: Status,
) {
  if (c.var.deps.config.checkApiResponses) checkReply(c, schema, data, status ?? 200);
  return c.json(data as z.output<S> & object, (status ?? 200) as Status);
}

function checkReply(c: Context<AppEnv>, schema: z.ZodType, data: unknown, status: number) {
  const route = `${c.req.method} ${c.req.routePath}`;
  const routeDoc = c.var.routeDoc;
  const documented = routeDoc && (status === (routeDoc.status ?? 200) ? routeDoc.response : routeDoc.alsoAnswers?.[status]);
  if (documented !== schema) {
    throw new HttpError(500, say('answer_undeclared', { route, status }));
  }
  const result = schema.safeParse(parseJson(JSON.stringify(data)));
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new HttpError(500, say('answer_mismatch', { route, path: issue.path.join('.') || '(root)', problem: issue.message }));
  }
}

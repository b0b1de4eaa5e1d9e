// Malformed input on every route of the API (issue 8): broken bodies, values
// and path ids, unicode edge cases, huge numbers, wrong content types, mail
// the parser cannot read, signed out, as a recruiter and as an admin. Nothing
// may answer 5xx; every 4xx is JSON `{ error, field }`, or one of the documented
// errors without a field (401, 403, 409, 429, an unknown path). The routes are
// read from the Hono app, so a new route is fuzzed without editing this file.
// A table of kinds covers every route with each; fast-check then combines them.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { ORIGIN } from '../support/constants.ts';
import { budget } from '../support/time-scale.ts';

const SECRET = 'fuzz-inbound-secret';
const MB = 1024 * 1024;
/** A million characters: a body with one of them stays under the 1 MB body limit and reaches validation. */
const MEGABYTE = 'x'.repeat(1_000_000);

/** A malformed value: as raw JSON text (for bodies) and as raw, already encoded query text. */
interface ValueKind { name: string; json: string; query: string }
const VALUE_KINDS: ValueKind[] = [
  { name: 'NUL character', json: '"a\\u0000b"', query: 'a%00b' },
  { name: 'lone high surrogate', json: '"x\\ud800"', query: 'x%ED%A0%80' },
  { name: 'lone low surrogate', json: '"\\udc00y"', query: '%ED%B0%80y' },
  { name: 'RTL and direction marks', json: JSON.stringify('\u202eabc\u200f\u200e\u2067'), query: encodeURIComponent('\u202eabc\u200f\u200e') },
  { name: 'zero-width, combining, emoji, BOM', json: JSON.stringify('e\u0301\u200b🙂\ufeff'), query: encodeURIComponent('e\u0301\u200b🙂\ufeff') },
  { name: 'control characters', json: JSON.stringify('\u0001\u0007\u001b[31m\r\n'), query: '%01%07%1B%5B31m%0D%0A' },
  { name: '1 MB string', json: JSON.stringify(MEGABYTE), query: MEGABYTE },
  { name: 'whitespace only', json: '" \\t\\n "', query: '%20%09%0A' },
  { name: 'number beyond bigint (1e20)', json: '1e20', query: '1e20' },
  { name: 'integer literal beyond bigint', json: '99999999999999999999', query: '99999999999999999999' },
  { name: '2^53+1', json: '9007199254740993', query: '9007199254740993' },
  { name: 'overflow to Infinity', json: '1e400', query: 'Infinity' },
  { name: 'huge negative', json: '-1.7976931348623157e308', query: '-1e308' },
  { name: 'negative id', json: '-1', query: '-1' },
  { name: 'zero', json: '0', query: '0' },
  { name: 'float', json: '1.5', query: '1.5' },
  { name: 'denormal float', json: '5e-324', query: '1e-400' },
  { name: 'boolean', json: 'true', query: 'true' },
  { name: 'null', json: 'null', query: '' },
  { name: 'object', json: '{"a":{"b":[1]}}', query: '%7B%22a%22%3A1%7D' },
  { name: 'array', json: '[1,"x",null,[]]', query: '1,2,,' },
  { name: 'SQL and LIKE metacharacters', json: JSON.stringify("' or 1=1 --%_\\"), query: encodeURIComponent("' or 1=1 --%_\\") },
  { name: 'long valid email address', json: JSON.stringify(`${'a'.repeat(3000)}@example.com`), query: `${'a'.repeat(3000)}%40example.com` },
  { name: 'broken percent-encoding', json: '"%zz%"', query: '%zz%' },
  { name: 'date beyond PostgreSQL', json: '"294277-01-01T00:00:00Z"', query: '294277-01-01T00%3A00%3A00Z' },
];

/** Every field name the API's bodies know; a value kind sets them all in one body. */
const BODY_FIELDS = [
  'name', 'email', 'username', 'password', 'code', 'displayName', 'role', 'banned', 'company', 'message', 'status',
  'content', 'subject', 'channel', 'platform', 'allowWhatsAppReplies', 'originalMessageId', 'templateId', 'prompt',
  'language', 'additionalContext', 'candidateData', 'campaignType', 'talentPoolId', 'talentPoolIds', 'candidateIds',
  'emailSubject', 'emailContent', 'messageTemplate', 'whatsappContent', 'scheduledAt', 'channels', 'primaryChannel',
  'phone', 'whatsappNumber', 'allowsEmail', 'allowsWhatsapp', 'consentWording', 'preferredContactMethod', 'jobFunction',
  'skillTags', 'seniorityLevel', 'location', 'preferredRole', 'leadScore', 'notes', 'description', 'fileName',
  'duplicates', 'mapping', 'delimiter', 'reason', 'currentPassword', 'newPassword',
];
const QUERY_KEYS = [
  'q', 'limit', 'offset', 'cursor', 'sort', 'dir', 'fields', 'talentPoolId', 'candidateId', 'skill', 'seniority', 'location',
  'consent', 'minEngagement', 'sentiment', 'unread', 'email', 'mapping', 'rows', 'delimiter', 'encoding', 'partial',
];

/** A body kind: raw bytes or text with its content type. `refused` = what a route that reads JSON must answer. */
interface BodyKind { name: string; body: string | Uint8Array; type: string; refused?: { field: string } | 'any' }

function nested(depth: number): string {
  let mime = 'Content-Type: text/plain\r\n\r\nleaf\r\n';
  for (let i = depth; i > 0; i--) mime = `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n${mime}--b${i}--\r\n`;
  return mime;
}
const MAIL_HEAD = 'From: someone@example.com\r\nTo: reply@talentloop.test\r\n';

/** The value kinds in a body: every field set to the value. */
const VALUE_BODIES = new Map(VALUE_KINDS.map((kind): [string, BodyKind] => [kind.name, {
  name: `every field: ${kind.name}`,
  // The megabyte goes into one field only: in more the body would just be too large (413).
  body: `{${(kind.json.length > 1000 ? ['name'] : BODY_FIELDS).map((field) => `"${field}":${kind.json}`).join(',')}}`,
  type: 'application/json',
  refused: kind.name === 'NUL character' || kind.name.startsWith('lone') ? 'any' : undefined,
}]));

/** Bodies that are broken as a whole. */
const BODY_KINDS: BodyKind[] = [
  { name: 'body null', body: 'null', type: 'application/json', refused: { field: 'body' } },
  { name: 'body []', body: '[]', type: 'application/json', refused: { field: 'body' } },
  { name: 'body a string', body: '"text"', type: 'application/json', refused: { field: 'body' } },
  { name: 'body a number', body: '42', type: 'application/json', refused: { field: 'body' } },
  { name: 'body {}', body: '{}', type: 'application/json' },
  { name: 'empty body', body: '', type: 'application/json' },
  { name: 'invalid JSON', body: '{"name": "a",', type: 'application/json', refused: { field: 'body' } },
  { name: 'duplicate keys', body: '{"name":"a","email":"a@example.com","name":"b"}', type: 'application/json', refused: { field: 'name' } },
  { name: 'NUL in a field name', body: '{"na\\u0000me":"a"}', type: 'application/json', refused: { field: 'body' } },
  { name: 'objects nested 10,000 deep', body: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`, type: 'application/json' },
  { name: 'arrays nested 100,000 deep', body: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, type: 'application/json', refused: { field: 'body' } },
  { name: 'body of 5 MB', body: `{"name":"${'y'.repeat(5 * MB)}"}`, type: 'application/json', refused: { field: 'body' } },
  { name: '50,000 keys', body: `{${Array.from({ length: 50_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`, type: 'application/json' },
  { name: 'invalid UTF-8 bytes', body: new Uint8Array([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]), type: 'application/json', refused: { field: 'body' } },
  // Read as UTF-8, whose decoder drops a leading byte-order mark: accepted like the JSON after it.
  { name: 'byte-order mark before JSON', body: '\ufeff{"name":"a"}', type: 'application/json' },
  { name: 'JSON as text/plain', body: '{"name":"a"}', type: 'text/plain', refused: { field: 'content-type' } },
  { name: 'form-encoded', body: 'name=a&email=b', type: 'application/x-www-form-urlencoded', refused: { field: 'content-type' } },
  { name: 'multipart form', body: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\na\r\n--x--\r\n', type: 'multipart/form-data; boundary=x', refused: { field: 'content-type' } },
];

/** Raw mail, for the routes that read a raw body (not JSON). */
const MAIL_KINDS: BodyKind[] = [
  { name: 'mail: 2 MB header', body: `${MAIL_HEAD}Subject: ${'s'.repeat(2 * MB)}\r\n\r\nhello\r\n`, type: 'message/rfc822' },
  { name: 'mail: 2,000 nested parts', body: `${MAIL_HEAD}Subject: nested\r\n${nested(2000)}`, type: 'message/rfc822' },
  { name: 'mail: NUL bytes', body: `${MAIL_HEAD}Subject: nul\r\n\r\nhello\u0000there\r\n`, type: 'message/rfc822' },
  { name: 'mail: encoded NUL', body: `${MAIL_HEAD}Subject: =?utf-8?B?YQBi?=\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nhi=00there\r\n`, type: 'message/rfc822' },
  { name: 'mail: 5,000-character Message-ID', body: `${MAIL_HEAD}Message-ID: <${'m'.repeat(5000)}@x>\r\nSubject: id\r\n\r\nhello\r\n`, type: 'message/rfc822' },
  { name: 'mail: no header at all', body: '\r\n\r\njust a body', type: 'message/rfc822' },
];

/** Path parameter values, raw (already percent-encoded where needed). */
const PATH_KINDS = [
  '0', '-1', '1.5', '1e3', '0x10', '99999999999999999999', '9007199254740993', `${'9'.repeat(400)}`, '%00', '1%00',
  'abc', '%E2%80%AE1', '%F0%9F%99%82', '%ED%A0%80', '%201', '%25', 'x'.repeat(5000), '..%2F..%2Fhealth', 'null', '%C0%AF',
];

const FORGED_COOKIE = 'talentloop.session_token=forged%00token.sig; talentloop.two_factor=%ED%A0%80; talentloop.session_data=%7B';

interface Identity { name: string; client: TestClient; ip: string }
interface Route { method: string; path: string }
interface Request {
  route: Route; label: string; path: string; query?: string; body?: string | Uint8Array; type?: string; cookie?: string;
  refused?: BodyKind['refused'];
}

let app: TestApp;
let identities: Identity[];
let routes: Route[];

/** Statuses that may come without a field, by their documented meaning. */
function documentedWithoutField(status: number, error: string): boolean {
  if (status === 401 || status === 403 || status === 429) return true; // signed out, not allowed, rate limited
  if (status === 409) return true; // a state conflict, e.g. "Two-factor authentication is already on"
  return status === 404 && error.startsWith('No API route');
}

/** A value for a path parameter that is well formed but names nothing, so no data is touched. */
function harmlessParam(path: string, name: string): string {
  if (name === 'id') return path.startsWith('/api/admin/users') ? randomUUID() : '987654321';
  if (name === 'token') return 'ab'.repeat(12);
  if (name === 'campaignType') return 'nurture';
  return 'x';
}

function pathWith(route: Route, value?: string): string {
  return route.path.replace(/:(\w+)/g, (_whole, name: string) => value ?? harmlessParam(route.path, name));
}

const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';

/** A 4xx answer's body, once checked. */
interface Refusal { error: string; field?: string }

async function send(identity: Identity, request: Request): Promise<{ status: number; json: Refusal | null; text: string; failure: string | null; page?: boolean }> {
  const headers: Record<string, string> = { 'x-test-client-ip': identity.ip, origin: ORIGIN };
  const cookies = [...identity.client.cookies].map(([k, v]) => `${k}=${v}`);
  if (request.cookie) cookies.push(request.cookie);
  if (cookies.length) headers.cookie = cookies.join('; ');
  if (request.path.startsWith('/api/inbound/')) headers.authorization = `Bearer ${SECRET}`;
  if (request.type) headers['content-type'] = request.type;
  const body = hasBody(request.route.method) ? request.body as BodyInit | undefined : undefined;
  const label = `${identity.name} ${request.route.method} ${request.route.path} [${request.label}]`;
  const url = `${ORIGIN}${request.path}${request.query ? `?${request.query}` : ''}`;
  let response: Response;
  try {
    response = await app.api.request(url, { method: request.route.method, headers, body });
  } catch (error) {
    return { status: 0, json: null, text: '', failure: `${label}: the request threw ${(error as Error).message}` };
  }
  const text = await response.text();
  const fail = (why: string) => ({ status: response.status, json: null, text, failure: `${label}: ${why}: ${response.status} ${text.slice(0, 200)}` });
  if (response.status >= 500) return fail('server error');
  if (response.status < 400) return { status: response.status, json: null, text, failure: null };
  // The unsubscribe and privacy pages answer a person's browser (and their pages' plain HTML forms) in HTML.
  if (response.headers.get('content-type')?.startsWith('text/html')) return { status: response.status, json: null, text, failure: null, page: true };
  let parsed: unknown;
  try { parsed = JSON.parse(text); } catch { return fail('a 4xx that is not JSON'); }
  const json = (parsed ?? {}) as { error?: unknown; field?: unknown };
  if (typeof json.error !== 'string' || !json.error) return fail('a 4xx without error');
  if (json.field !== undefined && (typeof json.field !== 'string' || !json.field)) return fail('an empty field');
  if (json.field === undefined && !documentedWithoutField(response.status, json.error)) return fail('a 4xx without field');
  return { status: response.status, json: { error: json.error, field: json.field }, text, failure: null };
}

/** Runs `work` over `items` with a few requests in flight at once. */
async function inParallel<T>(items: T[], work: (item: T) => Promise<void>, width = 4): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

/**
 * The table: every route with every kind that fits it. On a route with a body
 * a value kind goes into the query and into every field of the body at once.
 */
function requestsFor(route: Route, readsJson: boolean): Request[] {
  const requests: Request[] = [];
  const path = pathWith(route);
  for (const kind of VALUE_KINDS) {
    // A megabyte goes into one parameter: in all of them it would be a 22 MB address.
    const keys = kind.query.length > 10_000 ? ['q'] : QUERY_KEYS;
    const query = keys.map((key) => `${key}=${kind.query}`).join('&');
    const body = hasBody(route.method) ? VALUE_BODIES.get(kind.name)! : undefined;
    requests.push({ route, label: `value: ${kind.name}`, path, query, body: body?.body, type: body?.type, refused: body?.refused });
  }
  // Keyset cursors are read by list routes: GETs without a path parameter.
  for (const sort of route.method === 'GET' && !route.path.includes(':') ? ['leadScore', 'engagementScore', 'createdAt', 'name', 'location'] : []) {
    for (const value of ['99999999999999', '"2026-02-30 10:00:00+00"', '1.5', '"a\\u0000"', '{}']) {
      const cursor = Buffer.from(`[${value},1]`).toString('base64url');
      requests.push({ route, label: `query: forged ${sort} cursor ${value}`, path, query: `sort=${sort}&cursor=${cursor}` });
    }
  }
  requests.push({ route, label: 'query: cursor not base64 JSON', path, query: 'cursor=%21%21%21&sort=name' });
  if (hasBody(route.method)) {
    for (const kind of readsJson ? BODY_KINDS : [...BODY_KINDS.slice(0, 8), ...MAIL_KINDS]) {
      requests.push({ route, label: `body: ${kind.name}`, path, body: kind.body, type: kind.type, refused: kind.refused });
    }
  }
  if (route.path.includes(':')) {
    for (const value of PATH_KINDS) requests.push({ route, label: `path: ${value.slice(0, 30)}`, path: pathWith(route, value) });
  }
  requests.push({ route, label: 'forged session cookies', path, cookie: FORGED_COOKIE, body: hasBody(route.method) ? '{}' : undefined, type: 'application/json' });
  return requests;
}

/** Whether the route reads a JSON body for this caller (broken JSON is then a 400 naming `body`). */
async function readsJson(identity: Identity, route: Route): Promise<boolean> {
  if (!hasBody(route.method)) return false;
  // Raw mail, or a mail service's webhook by its Content-Type: JSON only as Postmark's (decision 037).
  if (route.path.startsWith('/api/inbound/email')) return false;
  const { status, json } = await send(identity, { route, label: 'probe', path: pathWith(route), body: '{"a":', type: 'application/json' });
  return status === 400 && json?.field === 'body' && /valid JSON/.test(json.error);
}

/** Routes that end the session go last, so the other routes are fuzzed signed in. */
const endsSession = (route: Route) => route.path === '/api/auth/logout';

async function fuzzTable(identity: Identity, only: (route: Route) => boolean): Promise<string[]> {
  const failures: string[] = [];
  for (const route of routes.filter(only)) {
    const json = await readsJson(identity, route);
    await inParallel(requestsFor(route, json), async (request) => {
      const result = await send(identity, request);
      if (result.failure) { failures.push(result.failure); return; }
      const { refused } = request;
      // A page's own form (the privacy page's, contract.ts formOrBody) is answered with the page, not refused.
      if (!json || !refused || result.status === 401 || result.status === 403 || (result.page && request.type === 'application/x-www-form-urlencoded')) return;
      const label = `${identity.name} ${route.method} ${route.path} [${request.label}]`;
      if (result.status < 400) failures.push(`${label}: accepted (${result.status}) although the route reads JSON`);
      else if (refused !== 'any' && result.json?.field !== refused.field) {
        failures.push(`${label}: field ${result.json?.field} instead of ${refused.field} (${result.json?.error})`);
      }
    });
  }
  return failures;
}

// fast-check: random combinations of the same ingredients, plus random text and numbers.
function percentEncode(text: string): string {
  return text.isWellFormed() ? encodeURIComponent(text) : `${encodeURIComponent(text.toWellFormed())}%ED%A0%80`;
}
const jsonValueText = fc.oneof(
  fc.constantFrom(...VALUE_KINDS.map((kind) => kind.json)),
  fc.string({ unit: 'binary', maxLength: 40 }).map((text) => JSON.stringify(text)),
  fc.double().map((n) => (Number.isFinite(n) ? JSON.stringify(n) : n > 0 ? '1e999' : '-1e999')),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
);
const fieldNameArb = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...BODY_FIELDS) }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) });
const bodyArb = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.tuple(fieldNameArb, jsonValueText), { maxLength: 5 })
    .map((entries) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`) },
  { weight: 1, arbitrary: fc.constantFrom(...BODY_KINDS.filter((kind) => typeof kind.body === 'string' && kind.type === 'application/json' && kind.body.length < 100_000).map((kind) => kind.body as string)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
);
const queryValueArb = fc.oneof(
  fc.constantFrom(...VALUE_KINDS.filter((kind) => kind.query.length < 10_000).map((kind) => kind.query)),
  fc.string({ unit: 'binary', maxLength: 30 }).map(percentEncode),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
);
const queryArb = fc.array(fc.tuple(fc.constantFrom(...QUERY_KEYS), queryValueArb), { maxLength: 4 })
  .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'));
const pathValueArb = fc.oneof(
  fc.constantFrom(...PATH_KINDS.filter((value) => value.length < 1000)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(percentEncode),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
);

async function fuzzProperty(identity: Identity, runs: number): Promise<void> {
  const candidates = routes.filter((route) => !endsSession(route));
  await fc.assert(fc.asyncProperty(
    fc.constantFrom(...candidates), fc.option(pathValueArb), queryArb, bodyArb,
    async (route, pathValue, query, body) => {
      const path = pathValue !== null && route.path.includes(':') ? pathWith(route, pathValue) : pathWith(route);
      const result = await send(identity, { route, label: 'fast-check', path, query, body, type: 'application/json' });
      if (result.failure) throw new Error(result.failure);
    },
  ), { numRuns: runs });
}

beforeAll(async () => {
  app = await startTestApp({ config: { openai: NO_AI, ...OUTBOX_MAIL, inboundMailSecret: SECRET } });
  const methods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  routes = [...new Map(app.api.routes.filter((route) => methods.has(route.method))
    .map((route) => [`${route.method} ${route.path}`, { method: route.method, path: route.path }])).values()];
  const recruiter = app.client({ ip: '127.0.0.22' });
  const admin = app.client({ ip: '127.0.0.33' });
  await signInRecruiter(recruiter);
  await signInAdmin(admin);
  identities = [
    { name: 'signed out', client: app.client({ ip: '127.0.0.11' }), ip: '127.0.0.11' },
    { name: 'recruiter', client: recruiter, ip: '127.0.0.22' },
    { name: 'admin', client: admin, ip: '127.0.0.33' },
  ];
});

afterAll(async () => {
  await app?.close();
});

describe('malformed input on every route', () => {
  it('reads the routes from the app', () => {
    expect(routes.length).toBeGreaterThanOrEqual(50);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/inbound/email' });
    // Every route gets at least 20 kinds of malformed input.
    for (const route of routes) expect(requestsFor(route, false).length).toBeGreaterThanOrEqual(20);
  });

  for (const name of ['signed out', 'recruiter', 'admin']) {
    it(`${name}: no 5xx, every 4xx names the field`, async () => {
      const identity = identities.find((i) => i.name === name)!;
      const failures = await fuzzTable(identity, (route) => !endsSession(route));
      await fuzzProperty(identity, 100).catch((error: Error) => failures.push(`fast-check: ${error.message}`));
      failures.push(...await fuzzTable(identity, endsSession));
      expect(failures).toEqual([]);
      // A bound for a hang, not for speed: beside the browser tests on 2 cores the recruiter's table took 60 and 89 s in
      // two clean-clone runs, and went over 120 s on a busier machine.
    }, budget(300_000));
  }
});

// A fake WhatsApp Business Cloud API on 127.0.0.1 speaking Meta's wire format:
// POST /v{version}/{phone-number-id}/messages (text or template) answers
// {messaging_product, contacts, messages: [{id: 'wamid…'}]}; errors come as
// {error: {message, type, code, error_data, fbtrace_id}} (131047 re-engagement,
// 132001 template missing, 130429 / HTTP 429 rate limit, …). Also GET
// /v{version}/{phone-number-id}, GET /v{version}/{business-account-id}/message_templates
// (paged by cursor, as Meta pages it) and signed webhook payloads for the other direction.
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { ORIGIN } from './constants.ts';
import type { TestApp, TestClient } from './harness.ts';
import { CONSENT, newCandidate } from './test-data.ts';

export interface FakeWhatsAppCall {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown> | undefined;
}

export interface FakeWhatsAppError { status: number; code: number; message: string; details?: string; type?: string }

/** Meta's answers for the errors the adapter maps. */
export const CLOUD_ERRORS = {
  reEngagement: { status: 400, code: 131047, message: 'Re-engagement message', details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.' },
  templateMissing: { status: 404, code: 132001, message: 'Template name does not exist in the translation', details: 'template name (x) does not exist in nl' },
  rateLimit: { status: 429, code: 130429, message: 'Rate limit hit', details: 'Cloud API message throughput has been reached.' },
  invalidNumber: { status: 400, code: 100, message: 'Invalid parameter', details: 'Invalid phone number in parameter to' },
} satisfies Record<string, FakeWhatsAppError>;

/** A template as Meta lists it (GET {business account}/message_templates). */
export interface FakeMetaTemplate {
  name: string; language: string; status: string; id: string;
  components: Array<{ type: string; format?: string; text?: string }>;
}

export interface FakeWhatsApp {
  /** WHATSAPP_API_URL for the app. */
  url: string;
  calls: FakeWhatsAppCall[];
  /** The business account's templates (FAKE_BUSINESS_ACCOUNT_ID); change them at will. */
  templates: FakeMetaTemplate[];
  /** The next `times` sends get this error instead. */
  fail(error: FakeWhatsAppError, times?: number): void;
  /** The environment that points the app at this fake. */
  env(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

export const FAKE_TOKEN = 'fake-whatsapp-token';
export const FAKE_PHONE_NUMBER_ID = '109876543210';
export const FAKE_APP_SECRET = 'fake-whatsapp-app-secret';
export const FAKE_VERIFY_TOKEN = 'fake-verify-token';
export const FAKE_BUSINESS_ACCOUNT_ID = '102938475610';

/** The templates WHATSAPP_TEMPLATES names in env(), as approved at Meta, and one more nobody configured. */
export function defaultMetaTemplates(): FakeMetaTemplate[] {
  const template = (name: string, language: string, body: string, id: string): FakeMetaTemplate => ({
    name, language, status: 'APPROVED', id, components: [{ type: 'HEADER', format: 'TEXT', text: 'Talentloop' }, { type: 'BODY', text: body }, { type: 'FOOTER', text: 'Reply STOP to opt out' }],
  });
  return [
    template('talentloop_intro', 'nl', 'Hoi {{1}}, we hebben een nieuwe vacature die bij je past. Zullen we even bellen?', '9001'),
    template('talentloop_intro', 'en', 'Hi {{1}}, we have a new role that fits you. Shall we have a quick call?', '9002'),
    template('talentloop_ping', 'en', 'Are you still open to new roles?', '9003'),
    template('talentloop_event', 'en_US', 'Join us at {{1}} on {{2}}.', '9004'),
  ];
}

export async function startFakeWhatsApp(): Promise<FakeWhatsApp> {
  const calls: FakeWhatsAppCall[] = [];
  const templates = defaultMetaTemplates();
  const failures: Array<{ error: FakeWhatsAppError; times: number }> = [];
  const send = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const graphError = (res: http.ServerResponse, error: FakeWhatsAppError) => send(res, error.status, {
    error: { message: `(#${error.code}) ${error.message}`, type: error.type ?? 'OAuthException', code: error.code,
      error_data: { messaging_product: 'whatsapp', details: error.details ?? error.message }, fbtrace_id: `A${randomBytes(8).toString('hex')}` },
  });
  const answer = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const raw = await text(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const call: FakeWhatsAppCall = { method: req.method ?? 'GET', path: url.pathname, authorization: req.headers.authorization,
      body: raw ? JSON.parse(raw) as Record<string, unknown> : undefined };
    calls.push(call);
    if (req.headers.authorization !== `Bearer ${FAKE_TOKEN}`) {
      graphError(res, { status: 401, code: 190, message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException' });
      return;
    }
    const listing = /^\/v[\d.]+\/(\d+)\/message_templates$/.exec(url.pathname);
    if (listing && req.method === 'GET') {
      if (listing[1] !== FAKE_BUSINESS_ACCOUNT_ID) {
        graphError(res, { status: 400, code: 100, message: `Unsupported get request. Object with ID '${listing[1]}' does not exist` });
        return;
      }
      // Meta's cursor paging: `after` is the last id of the previous page.
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const after = url.searchParams.get('after');
      const start = after ? templates.findIndex((t) => t.id === after) + 1 : 0;
      const page = templates.slice(start, start + limit);
      const more = start + limit < templates.length;
      send(res, 200, {
        data: page,
        paging: { cursors: { before: page[0]?.id ?? '', after: page.at(-1)?.id ?? '' }, ...(more ? { next: `${url.origin}${url.pathname}?after=${page.at(-1)!.id}` } : {}) },
      });
      return;
    }
    const match = /^\/v[\d.]+\/(\d+)(\/messages)?$/.exec(url.pathname);
    if (!match || match[1] !== FAKE_PHONE_NUMBER_ID) {
      graphError(res, { status: 400, code: 100, message: 'Unsupported request - method type or object does not exist' });
      return;
    }
    if (!match[2] && req.method === 'GET') {
      send(res, 200, { display_phone_number: '+31 20 123 4567', verified_name: 'Talentloop Test', id: FAKE_PHONE_NUMBER_ID });
      return;
    }
    const failure = failures[0];
    if (failure) {
      if (--failure.times <= 0) failures.shift();
      graphError(res, failure.error);
      return;
    }
    const body = call.body as { messaging_product?: string; to?: string; type?: string } | undefined;
    if (req.method !== 'POST' || body?.messaging_product !== 'whatsapp' || !body.to || !['text', 'template'].includes(body.type ?? '')) {
      graphError(res, { status: 400, code: 100, message: 'Invalid parameter' });
      return;
    }
    send(res, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id: `wamid.${randomBytes(18).toString('base64url')}`, ...(body.type === 'template' ? { message_status: 'accepted' } : {}) }],
    });
  };
  const server = http.createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url, calls, templates,
    fail: (error, times = 1) => { failures.push({ error, times }); },
    env: (extra = {}) => ({
      WHATSAPP_API_URL: url, WHATSAPP_TOKEN: FAKE_TOKEN, WHATSAPP_PHONE_NUMBER_ID: FAKE_PHONE_NUMBER_ID,
      WHATSAPP_APP_SECRET: FAKE_APP_SECRET, WHATSAPP_VERIFY_TOKEN: FAKE_VERIFY_TOKEN,
      WHATSAPP_TEMPLATES: 'talentloop_intro:nl:1,talentloop_intro:en:1,talentloop_ping:en:0', ...extra,
    }),
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** Sets these environment variables (WHATSAPP_* read at each use) and answers a function that puts the old ones back. */
export function setEnv(values: Record<string, string | undefined>): () => void {
  const before = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  const apply = (set: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(set)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  apply(values);
  return () => apply(before);
}

/** Every WHATSAPP_* variable unset: "WhatsApp not configured". */
export const WHATSAPP_OFF = {
  WHATSAPP_API_URL: undefined, WHATSAPP_TOKEN: undefined, WHATSAPP_PHONE_NUMBER_ID: undefined, WHATSAPP_APP_SECRET: undefined,
  WHATSAPP_VERIFY_TOKEN: undefined, WHATSAPP_TEMPLATES: undefined, WHATSAPP_BUSINESS_ACCOUNT_ID: undefined,
};

// ---- Webhook payloads, as Meta sends them ----

let counter = 0;
/** A fresh wamid, shaped like Meta's. */
export const wamid = () => `wamid.HBgL${Date.now().toString(36)}${(++counter).toString(36)}${randomBytes(6).toString('hex')}`;

/** One change of the messages field, wrapped in Meta's envelope. */
export function webhookPayload(value: { messages?: unknown[]; statuses?: unknown[]; contacts?: unknown[] }) {
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: '1029384756', changes: [{ field: 'messages', value: {
      messaging_product: 'whatsapp', metadata: { display_phone_number: '31201234567', phone_number_id: FAKE_PHONE_NUMBER_ID }, ...value,
    } }] }],
  };
}

/** A candidate's text message (`from`: the number's digits with country code, no "+"). */
export function inboundText(from: string, body: string, options: { id?: string; context?: string; timestamp?: Date } = {}) {
  return {
    from, id: options.id ?? wamid(), timestamp: String(Math.floor((options.timestamp ?? new Date()).getTime() / 1000)), type: 'text', text: { body },
    ...(options.context ? { context: { from: '31201234567', id: options.context } } : {}),
  };
}

/** A status of one of our messages; `failed` carries Meta's error. */
export function statusEvent(id: string, status: 'sent' | 'delivered' | 'read' | 'failed', recipient: string,
  error?: { code: number; title: string; details?: string }) {
  return {
    id, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: recipient,
    ...(error ? { errors: [{ code: error.code, title: error.title, message: error.title, error_data: { details: error.details ?? error.title } }] } : {}),
  };
}

/** X-Hub-Signature-256 for this exact body. */
export function signature(body: string, secret = FAKE_APP_SECRET): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** POSTs a webhook body to the app as Meta does: raw JSON, signed with the fake's app secret unless `signed` says otherwise (null: no header). */
export async function postWebhook(app: Pick<TestApp, 'api'>, body: string, signed: string | null = signature(body)): Promise<Response> {
  return app.api.request(`${ORIGIN}/api/webhooks/whatsapp`, {
    method: 'POST', body, headers: { 'content-type': 'application/json', ...(signed ? { 'x-hub-signature-256': signed } : {}) },
  });
}

/**
 * A candidate who allows WhatsApp, with a unique Dutch mobile number typed as `typed` writes it, and that number
 * as Meta writes it (waId) and in E.164.
 */
export async function whatsappCandidate(client: TestClient, fields: Record<string, unknown> = {}, typed = (digits: string) => `06 ${digits}`) {
  const digits = `1${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const candidate = await newCandidate(client, { ...CONSENT.whatsapp, whatsappNumber: typed(digits), ...fields });
  return { ...candidate, waId: `316${digits}`, e164: `+316${digits}` };
}

// A fake Microsoft Graph (v1.0) and Entra token endpoint on 127.0.0.1 over https,
// speaking Graph's wire format for what the calendar and mail use: client-credential
// tokens, POST/GET/PATCH events, POST .../cancel, calendarView with paging, sendMail
// per user (MIME, 202; 403/404 for a mailbox Graph refuses), an Inbox per user read
// by the delta query (mailFolders/inbox/messages/delta with $select, $filter on
// receivedDateTime, @odata.nextLink/@odata.deltaLink, 410 SyncStateNotFound for a lost
// state) and /messages/{id}/$value (MIME), change-notification subscriptions on an Inbox (POST /subscriptions
// after the validation handshake against the notificationUrl, PATCH to renew, DELETE; a mail received then
// posts a changeNotificationCollection to each live one), and errors such as 429 with Retry-After. The SDK skips its auth provider for plain
// http, and @azure/identity wants https: so the fake has a self-signed
// certificate, made with the openssl CLI at test time and trusted in this
// process only (tls.setDefaultCACertificates: added to Node's default CAs).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import tls from 'node:tls';
import { simpleParser } from 'mailparser';
import type pg from 'pg';
import { Temporal } from 'temporal-polyfill';
import type { Config } from '#platform/runtime/config.server.ts';
import { until } from './until.ts';

export interface GraphCall {
  method: string;
  /** Decoded, without /v1.0: "/users/ada@example.com/events". */
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  prefer: string | undefined;
  /** The parsed JSON body, if any. */
  body: Record<string, unknown> | undefined;
}

/** A mail a mailbox sent through sendMail: the MIME as uploaded (decoded from base64). */
export interface SentMail { mailbox: string; mime: string }

export interface FakeEvent {
  id: string;
  mailbox: string;
  /** The event as Graph keeps it: what was posted, patched over. */
  data: Record<string, unknown>;
  joinUrl: string | null;
  /** GETs still to answer without the join URL (Infinity: never). */
  readsWithoutLink: number;
  cancelled: boolean;
}

export interface BusyItem { start: string; end: string; showAs: string }

export interface FakeGraph {
  /** Graph's base URL (the SDK adds /v1.0) and the token authority. */
  url: string;
  /** The fake's self-signed certificate (PEM), for a client in another process to trust. */
  cert: string;
  config: Config['graph'];
  /** Graph requests (not the token endpoint), in order. */
  calls: GraphCall[];
  /** Form fields of each token request. */
  tokenRequests: Array<{ tenant: string; form: URLSearchParams }>;
  events: Map<string, FakeEvent>;
  /** How a newly created online meeting gets its link: at once (0), after that many GETs, or never (Infinity). */
  linkAfterReads: number;
  /** Milliseconds before answering a create (to make concurrent runs overlap). */
  createDelayMs: number;
  /** calendarView's page size (Graph pages by $top; smaller here to exercise nextLink). */
  pageSize: number;
  /** What each mailbox sent through POST /users/{mailbox}/sendMail, in order (accepted mail only). */
  sent: SentMail[];
  /** From now on Graph refuses this mailbox: 403 (application access policy) or 404 (no Exchange Online mailbox). */
  refuseMailbox(mailbox: string, status: 403 | 404): void;
  /** A mail arriving in the mailbox's Inbox (RFC 822 text, CRLF or LF); answers its Graph id. */
  receive(mailbox: string, mime: string, receivedAt?: Date): string;
  /** The mailbox's delta state is lost (as after a mailbox move): its earlier links answer 410 SyncStateNotFound. */
  expireDelta(mailbox: string): void;
  /** The delta's page size when the client asks for none (Prefer: odata.maxpagesize wins, as in Graph). */
  deltaPageSize: number;
  /** The next `times` requests matching `method` and `path` get this answer instead. */
  /** Subscriptions made through POST /subscriptions, by id (deleted ones removed). */
  subscriptions: Map<string, FakeSubscription>;
  /**
   * Where the fake posts what Graph posts to a notificationUrl: this origin instead of the URL's own (the tests'
   * PUBLIC_URL is an https name; the app listens on http://127.0.0.1). Unset: the notificationUrl itself.
   */
  webhookOrigin: string | undefined;
  /** Each change notification posted (after a receive), with the status the endpoint answered (0: no answer). */
  notifications: Array<{ subscriptionId: string; messageId: string; status: number }>;
  fail(match: { method?: string; path?: RegExp }, answer: { status: number; retryAfter?: string; code?: string; message?: string }, times?: number): void;
  /** The mailbox's calendar items for calendarView (instants in UTC). */
  setBusy(mailbox: string, items: BusyItem[]): void;
  close(): Promise<void>;
}

export interface FakeSubscription {
  id: string;
  mailbox: string;
  resource: string;
  changeType: string;
  notificationUrl: string;
  clientState: string | null;
  expirationDateTime: string;
}

/** Graph's longest subscription on Outlook messages. */
const MAX_MESSAGE_SUBSCRIPTION_MINUTES = 4230;

interface InboxItem { id: string; mailbox: string; seq: number; receivedAt: Date; mime: string; headers: Array<{ name: string; value: string }> }

/** The top headers of a MIME text, unfolded. */
function headerFields(mime: string): Array<{ name: string; value: string }> {
  const head = mime.replace(/\r\n/g, '\n').split('\n\n')[0].replace(/\n[ \t]+/g, ' ');
  return head.split('\n').flatMap((line) => {
    const colon = line.indexOf(':');
    return colon > 0 ? [{ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() }] : [];
  });
}

/** Graph's recipient objects of an address header. */
function recipients(value: string | undefined) {
  return [...(value ?? '').matchAll(/(?:"?([^",<]*?)"?\s*<([^>]+)>|([^\s,<>]+@[^\s,<>]+))/g)]
    .map((m) => ({ emailAddress: { name: (m[1] ?? '').trim() || (m[2] ?? m[3]), address: m[2] ?? m[3] } }));
}

/** A message as the delta answers it: every field, or `id` plus the $select'ed ones (internetMessageHeaders only when asked). */
function messageAnswer(item: InboxItem, select: string | null): Record<string, unknown> {
  const header = (name: string) => item.headers.find((h) => h.name.toLowerCase() === name)?.value;
  const full: Record<string, unknown> = {
    '@odata.type': '#microsoft.graph.message', '@odata.etag': `W/"CQAAABYAAA${item.seq}"`, id: item.id,
    receivedDateTime: item.receivedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'), subject: header('subject') ?? '',
    internetMessageId: header('message-id') ?? null, from: recipients(header('from'))[0] ?? null,
    toRecipients: recipients(header('to')), ccRecipients: recipients(header('cc')),
    conversationId: `AAQkAGI2${item.seq}`, isRead: false,
  };
  if (!select) return full;
  const fields = select.split(',').map((field) => field.trim());
  const chosen = Object.fromEntries(Object.entries(full).filter(([key]) => key === 'id' || key.startsWith('@odata') || fields.includes(key)));
  if (fields.includes('internetMessageHeaders')) chosen.internetMessageHeaders = item.headers;
  return chosen;
}

let certificate: { key: string; cert: string } | undefined;

/** One certificate per test process, for 127.0.0.1, trusted from then on. */
function trustedCertificate(): { key: string; cert: string } {
  if (certificate) return certificate;
  const dir = mkdtempSync(path.join(tmpdir(), 'fake-graph-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '2',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'pipe' });
    certificate = { key: readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), certificate.cert]);
  return certificate;
}

/** Graph's dateTimeTimeZone of an instant: seven fractional digits, as Graph writes them. */
function graphTime(instant: string, timeZone: string) {
  const wall = Temporal.Instant.from(instant).toZonedDateTimeISO(timeZone).toPlainDateTime();
  return { dateTime: `${wall.toString({ smallestUnit: 'second' })}.0000000`, timeZone };
}

export async function startFakeGraph(): Promise<FakeGraph> {
  const { key, cert } = trustedCertificate();
  const tokens = new Set<string>();
  const failures: Array<{ method?: string; path?: RegExp; answer: { status: number; retryAfter?: string; code?: string; message?: string }; times: number }> = [];
  const busy = new Map<string, BusyItem[]>();
  const byTransaction = new Map<string, string>();
  const refused = new Map<string, 403 | 404>();
  const inboxes = new Map<string, InboxItem[]>();
  /** Every inbox item by its Graph id (ids are unique across mailboxes). */
  const items = new Map<string, InboxItem>();
  const generations = new Map<string, number>();
  /** Delta state behind each $skiptoken/$deltatoken: what is left to page through, or the point a delta starts after. */
  const deltaStates = new Map<string, { mailbox: string; generation: number; select: string | null; pending?: string[]; afterSeq: number }>();
  let sequence = 0;
  let url = '';

  const fake: FakeGraph = {
    url: '',
    cert,
    config: { tenantId: 'fake-tenant', clientId: 'fake-client', clientSecret: 'fake-secret', mailbox: undefined, authorityHost: undefined, baseUrl: undefined },
    calls: [],
    tokenRequests: [],
    events: new Map(),
    linkAfterReads: 0,
    createDelayMs: 0,
    pageSize: 100,
    sent: [],
    refuseMailbox(mailbox, status) { refused.set(mailbox.toLowerCase(), status); },
    receive(mailbox, mime, receivedAt = new Date()) {
      const id = `AAMkAGI2${randomBytes(16).toString('hex')}AAA=`;
      const list = inboxes.get(mailbox.toLowerCase()) ?? [];
      const item = { id, mailbox: mailbox.toLowerCase(), seq: ++sequence, receivedAt, mime: mime.replace(/\r?\n/g, '\r\n'), headers: headerFields(mime) };
      list.push(item);
      items.set(id, item);
      inboxes.set(mailbox.toLowerCase(), list);
      notifyCreated(mailbox.toLowerCase(), id);
      return id;
    },
    expireDelta(mailbox) { generations.set(mailbox.toLowerCase(), (generations.get(mailbox.toLowerCase()) ?? 0) + 1); },
    deltaPageSize: 10,
    subscriptions: new Map(),
    webhookOrigin: undefined,
    notifications: [],
    fail(match, answer, times = 1) { failures.push({ ...match, answer, times }); },
    setBusy(mailbox, items) { busy.set(mailbox.toLowerCase(), items); },
    close: () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };

  const json = (res: import('node:http').ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  const graphError = (res: import('node:http').ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) =>
    json(res, status, { error: { code, message } }, headers);
  const eventAnswer = (event: FakeEvent) => ({
    id: event.id, ...event.data,
    isOnlineMeeting: Boolean(event.data.isOnlineMeeting),
    onlineMeeting: event.joinUrl && event.readsWithoutLink <= 0 ? { joinUrl: event.joinUrl } : null,
    isCancelled: event.cancelled,
  });

  async function handle(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) {
    const body = await text(req);
    const prefer = [req.headers.prefer ?? []].flat().join(', ');
    const address = new URL(req.url!, url);
    const method = req.method!;

    // Entra: the authority's metadata, then the token (client credentials).
    const metadata = /^\/([^/]+)\/v2\.0\/\.well-known\/openid-configuration$/.exec(address.pathname);
    if (metadata) {
      const tenant = metadata[1];
      return json(res, 200, {
        token_endpoint: `${url}/${tenant}/oauth2/v2.0/token`, authorization_endpoint: `${url}/${tenant}/oauth2/v2.0/authorize`,
        issuer: `${url}/${tenant}/v2.0`, jwks_uri: `${url}/${tenant}/discovery/v2.0/keys`,
      });
    }
    const token = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(address.pathname);
    if (token && method === 'POST') {
      const form = new URLSearchParams(body);
      fake.tokenRequests.push({ tenant: token[1], form });
      if (token[1] !== fake.config.tenantId || form.get('client_id') !== fake.config.clientId || form.get('client_secret') !== fake.config.clientSecret) {
        return json(res, 401, { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.' });
      }
      const issued = `fake-token-${randomBytes(8).toString('hex')}`;
      tokens.add(issued);
      return json(res, 200, { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: issued });
    }

    if (!address.pathname.startsWith('/v1.0/')) return graphError(res, 404, 'NotFound', 'Unknown path');
    const graphPath = decodeURIComponent(address.pathname.slice('/v1.0'.length));
    const call: GraphCall = {
      method, path: graphPath, query: Object.fromEntries(address.searchParams), authorization: req.headers.authorization,
      prefer: prefer || undefined,
      body: body && /json/.test(req.headers['content-type'] ?? '') ? JSON.parse(body) as Record<string, unknown> : undefined,
    };
    fake.calls.push(call);
    const bearer = req.headers.authorization?.replace(/^Bearer /, '');
    if (!bearer || !tokens.has(bearer)) return graphError(res, 401, 'InvalidAuthenticationToken', 'Access token is empty or invalid.');

    const failure = failures.find((f) => f.times > 0 && (!f.method || f.method === method) && (!f.path || f.path.test(graphPath)));
    if (failure) {
      failure.times -= 1;
      const { status, retryAfter, code, message } = failure.answer;
      return graphError(res, status, code ?? (status === 429 ? 'TooManyRequests' : 'ErrorInternalServerError'), message ?? 'Refused by the fake',
        retryAfter ? { 'retry-after': retryAfter } : {});
    }

    const user = /^\/users\/([^/]+)\//.exec(graphPath)?.[1].toLowerCase();
    if (user && refused.has(user)) {
      // What Exchange Online answers for a mailbox outside the app's access policy, or a user without a mailbox.
      return refused.get(user) === 403
        ? graphError(res, 403, 'ErrorAccessDenied', 'Access to OData is disabled: [RAOP] : Blocked by tenant configured AppOnly AccessPolicy settings.')
        : graphError(res, 404, 'MailboxNotEnabledForRESTAPI', 'The mailbox is either inactive, soft-deleted, or is hosted on-premise.');
    }
    const sendMail = /^\/users\/([^/]+)\/sendMail$/.exec(graphPath);
    if (sendMail && method === 'POST') {
      // The MIME form: base64 of the RFC 822 message, Content-Type text/plain; 202 with no body.
      if (!/^text\/plain/.test(req.headers['content-type'] ?? '')) return graphError(res, 400, 'ErrorMimeContentInvalid', 'Content-Type must be text/plain for MIME');
      fake.sent.push({ mailbox: sendMail[1].toLowerCase(), mime: Buffer.from(body, 'base64').toString('utf8') });
      res.writeHead(202).end();
      return;
    }

    const subscription = /^\/subscriptions(?:\/([^/]+))?$/.exec(graphPath);
    if (subscription) return answerSubscription(res, method, subscription[1], call.body ?? {});

    const delta = /^\/users\/([^/]+)\/mailFolders\/inbox\/messages\/delta$/i.exec(graphPath);
    if (delta && method === 'GET') return answerDelta(res, delta[1].toLowerCase(), address, prefer);
    const value = /^\/users\/([^/]+)\/messages\/([^/]+)\/\$value$/.exec(graphPath);
    if (value && method === 'GET') {
      const item = items.get(value[2]);
      if (!item || item.mailbox !== value[1].toLowerCase()) return graphError(res, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
      res.writeHead(200, { 'content-type': 'text/plain' }).end(item.mime);
      return;
    }

    const route = /^\/users\/([^/]+)\/(events|calendarView)(?:\/([^/]+))?(\/cancel)?$/.exec(graphPath);
    if (!route) return graphError(res, 404, 'ResourceNotFound', 'Resource not found for the segment.');
    const mailbox = route[1].toLowerCase();

    if (route[2] === 'calendarView' && method === 'GET') {
      const from = Date.parse(address.searchParams.get('startDateTime') ?? '');
      const to = Date.parse(address.searchParams.get('endDateTime') ?? '');
      if (Number.isNaN(from) || Number.isNaN(to)) return graphError(res, 400, 'ErrorInvalidParameter', 'startDateTime and endDateTime are required');
      const utc = /outlook\.timezone="UTC"/.test(prefer);
      const items = (busy.get(mailbox) ?? []).filter((item) => Date.parse(item.start) < to && Date.parse(item.end) > from);
      const skip = Number(address.searchParams.get('$skiptoken') ?? 0);
      const size = Math.min(fake.pageSize, Number(address.searchParams.get('$top') ?? 10));
      const page = items.slice(skip, skip + size).map((item) => ({
        // Without the Prefer header Graph answers in the mailbox's own (Windows-named) zone.
        start: utc ? graphTime(item.start, 'UTC') : { ...graphTime(item.start, 'America/Los_Angeles'), timeZone: 'Pacific Standard Time' },
        end: utc ? graphTime(item.end, 'UTC') : { ...graphTime(item.end, 'America/Los_Angeles'), timeZone: 'Pacific Standard Time' },
        showAs: item.showAs,
      }));
      const answer: Record<string, unknown> = { value: page };
      if (skip + size < items.length) {
        const next = new URL(address.toString());
        next.searchParams.set('$skiptoken', String(skip + size));
        answer['@odata.nextLink'] = next.toString();
      }
      return json(res, 200, answer);
    }

    if (route[2] !== 'events') return graphError(res, 405, 'ErrorInvalidRequest', 'Unsupported method');
    if (!route[3]) {
      if (method !== 'POST') return graphError(res, 405, 'ErrorInvalidRequest', 'Unsupported method');
      const posted = call.body ?? {};
      if (fake.createDelayMs) await new Promise((resolve) => setTimeout(resolve, fake.createDelayMs));
      // Graph: a create repeating an earlier one's transactionId answers with that event.
      const earlier = typeof posted.transactionId === 'string' ? byTransaction.get(`${mailbox}|${posted.transactionId}`) : undefined;
      if (earlier) return json(res, 201, eventAnswer(fake.events.get(earlier)!));
      const id = `AAMkAG${randomBytes(12).toString('hex')}=`;
      const online = posted.isOnlineMeeting === true && posted.onlineMeetingProvider === 'teamsForBusiness';
      const event: FakeEvent = {
        id, mailbox, data: posted, cancelled: false,
        joinUrl: online && Number.isFinite(fake.linkAfterReads) ? `https://teams.microsoft.com/l/meetup-join/19%3ameeting_${id.slice(6, 18)}%40thread.v2/0` : null,
        readsWithoutLink: fake.linkAfterReads,
      };
      fake.events.set(id, event);
      if (typeof posted.transactionId === 'string') byTransaction.set(`${mailbox}|${posted.transactionId}`, id);
      return json(res, 201, eventAnswer(event));
    }

    const event = fake.events.get(route[3]);
    if (!event || event.mailbox !== mailbox || event.cancelled) {
      return graphError(res, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
    }
    if (route[4]) {
      if (method !== 'POST') return graphError(res, 405, 'ErrorInvalidRequest', 'Unsupported method');
      event.cancelled = true;
      res.writeHead(202).end();
      return;
    }
    if (method === 'GET') {
      event.readsWithoutLink -= 1;
      const answer = eventAnswer(event);
      const select = address.searchParams.get('$select');
      return json(res, 200, select ? Object.fromEntries(select.split(',').map((field) => [field, (answer as Record<string, unknown>)[field] ?? null])) : answer);
    }
    if (method === 'PATCH') {
      Object.assign(event.data, call.body);
      return json(res, 200, eventAnswer(event));
    }
    return graphError(res, 405, 'ErrorInvalidRequest', 'Unsupported method');
  }

  /** Where Graph's posts to `notificationUrl` go (see webhookOrigin). */
  function webhookTarget(notificationUrl: string, search = '') {
    const target = new URL(notificationUrl);
    const base = fake.webhookOrigin ? `${fake.webhookOrigin}${target.pathname}${target.search}` : notificationUrl;
    return search ? `${base}${base.includes('?') ? '&' : '?'}${search}` : base;
  }

  /** Graph's check of a notificationUrl: POST ?validationToken=…, answered 200 text/plain with the token within 10 seconds. */
  async function validates(notificationUrl: string): Promise<boolean> {
    const token = `Validation: Testing client application reachability for subscription Request-Id: ${randomBytes(8).toString('hex')}`;
    try {
      const answer = await fetch(webhookTarget(notificationUrl, `validationToken=${encodeURIComponent(token)}`), {
        method: 'POST', headers: { 'content-type': 'text/plain; charset=utf-8' }, signal: AbortSignal.timeout(10_000),
      });
      return answer.status === 200 && /^text\/plain/.test(answer.headers.get('content-type') ?? '') && (await answer.text()) === token;
    } catch {
      return false;
    }
  }

  /** An expirationDateTime Graph accepts for a message subscription: in the future, at most 4230 minutes away. */
  const validExpiry = (value: unknown) => typeof value === 'string' && Date.parse(value) > Date.now()
    && Date.parse(value) <= Date.now() + MAX_MESSAGE_SUBSCRIPTION_MINUTES * 60_000;

  const subscriptionAnswer = (s: FakeSubscription) => ({
    '@odata.context': `${url}/v1.0/$metadata#subscriptions/$entity`, id: s.id, resource: s.resource, applicationId: fake.config.clientId,
    changeType: s.changeType, clientState: s.clientState, notificationUrl: s.notificationUrl, expirationDateTime: s.expirationDateTime,
    creatorId: 'fake-service-principal', latestSupportedTlsVersion: 'v1_2', includeResourceData: false,
  });

  /** POST /subscriptions (after the handshake), PATCH /subscriptions/{id} (renew), DELETE /subscriptions/{id}. */
  async function answerSubscription(res: import('node:http').ServerResponse, method: string, id: string | undefined, body: Record<string, unknown>) {
    const expiryError = () => graphError(res, 400, 'InvalidRequest',
      `Subscription expiration can only be 0-${MAX_MESSAGE_SUBSCRIPTION_MINUTES} minutes in the future.`);
    if (!id && method === 'POST') {
      const resource = typeof body.resource === 'string' ? body.resource : '';
      const inbox = /^\/?users\/([^/]+)\/mailFolders\('inbox'\)\/messages$/i.exec(resource);
      if (!inbox) return graphError(res, 400, 'InvalidRequest', `Resource '${resource}' is not supported by the fake.`);
      const mailbox = decodeURIComponent(inbox[1]).toLowerCase();
      if (refused.has(mailbox)) return graphError(res, 403, 'ExtensionError', 'Operation: Create; Exception: [Status Code: Forbidden; Reason: Access is denied.]');
      if (typeof body.notificationUrl !== 'string' || !body.notificationUrl.startsWith('https://')) {
        return graphError(res, 400, 'InvalidRequest', 'The Notification Url must be an absolute https URL.');
      }
      if (typeof body.changeType !== 'string' || !body.changeType) return graphError(res, 400, 'InvalidRequest', 'changeType is required.');
      if (typeof body.clientState === 'string' && body.clientState.length > 128) return graphError(res, 400, 'InvalidRequest', 'clientState is longer than 128 characters.');
      if (!validExpiry(body.expirationDateTime)) return expiryError();
      if (!await validates(body.notificationUrl)) {
        return graphError(res, 400, 'ValidationError', 'Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request.');
      }
      const made: FakeSubscription = {
        id: crypto.randomUUID(), mailbox, resource, changeType: body.changeType, notificationUrl: body.notificationUrl,
        clientState: typeof body.clientState === 'string' ? body.clientState : null, expirationDateTime: body.expirationDateTime as string,
      };
      fake.subscriptions.set(made.id, made);
      return json(res, 201, subscriptionAnswer(made));
    }
    const known = id ? fake.subscriptions.get(id) : undefined;
    if (!known) return graphError(res, 404, 'ResourceNotFound', `The object was not found.`);
    if (method === 'PATCH') {
      if (!validExpiry(body.expirationDateTime)) return expiryError();
      known.expirationDateTime = body.expirationDateTime as string;
      return json(res, 200, subscriptionAnswer(known));
    }
    if (method === 'DELETE') {
      fake.subscriptions.delete(known.id);
      res.writeHead(204).end();
      return;
    }
    return graphError(res, 405, 'ErrorInvalidRequest', 'Unsupported method');
  }

  /** A mail arrived: a changeNotificationCollection to each live subscription on that Inbox (not awaited, as Graph's are not). */
  function notifyCreated(mailbox: string, messageId: string) {
    for (const s of fake.subscriptions.values()) {
      if (s.mailbox !== mailbox || Date.parse(s.expirationDateTime) <= Date.now() || !s.changeType.split(',').includes('created')) continue;
      const body = { value: [{
        id: randomBytes(8).toString('hex'), subscriptionId: s.id, subscriptionExpirationDateTime: s.expirationDateTime, clientState: s.clientState,
        changeType: 'created', resource: `Users/${mailbox}/Messages/${messageId}`, tenantId: fake.config.tenantId,
        resourceData: { '@odata.type': '#Microsoft.Graph.Message', '@odata.id': `Users/${mailbox}/Messages/${messageId}`, id: messageId },
      }] };
      const record = { subscriptionId: s.id, messageId, status: 0 };
      fake.notifications.push(record);
      void fetch(webhookTarget(s.notificationUrl), {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000),
      }).then((answer) => { record.status = answer.status; }, () => undefined);
    }
  }

  /** GET .../mailFolders/inbox/messages/delta: a first round (with its $filter), a $skiptoken page, or a $deltatoken round. */
  function answerDelta(res: import('node:http').ServerResponse, mailbox: string, address: URL, prefer: string) {
    const generation = generations.get(mailbox) ?? 0;
    const inbox = inboxes.get(mailbox) ?? [];
    const token = address.searchParams.get('$skiptoken') ?? address.searchParams.get('$deltatoken');
    let state;
    if (token) {
      state = deltaStates.get(token);
      if (!state || state.mailbox !== mailbox) return graphError(res, 400, 'ErrorInvalidUrlQuery', 'The delta token is not valid.');
      if (state.generation !== generation) {
        return graphError(res, 410, 'SyncStateNotFound', `The sync state generation is not found; generation=${state.generation};[highest=${generation}].`);
      }
      if (!state.pending) state = { ...state, pending: inbox.filter((item) => item.seq > state!.afterSeq).map((item) => item.id), afterSeq: sequence };
    } else {
      const filter = /^receivedDateTime ge (\S+)$/.exec(address.searchParams.get('$filter') ?? '');
      if (address.searchParams.get('$filter') && !filter) return graphError(res, 400, 'ErrorInvalidUrlQueryFilter', 'The query filter contains one or more invalid nodes.');
      const since = filter ? Date.parse(filter[1]) : 0;
      state = { mailbox, generation, select: address.searchParams.get('$select'), afterSeq: sequence,
        pending: inbox.filter((item) => item.receivedAt.getTime() >= since).map((item) => item.id) };
    }
    const size = Number(/odata\.maxpagesize=(\d+)/.exec(prefer)?.[1] ?? fake.deltaPageSize);
    const page = state.pending!.slice(0, size);
    const rest = state.pending!.slice(size);
    const next = randomBytes(12).toString('hex');
    const link = `${url}/v1.0/users/${encodeURIComponent(mailbox)}/mailFolders/inbox/messages/delta?`;
    const answer: Record<string, unknown> = {
      '@odata.context': `${url}/v1.0/$metadata#Collection(message)`,
      value: page.map((id) => messageAnswer(items.get(id)!, state.select)),
    };
    if (rest.length) {
      deltaStates.set(next, { ...state, pending: rest });
      answer['@odata.nextLink'] = `${link}$skiptoken=${next}`;
    } else {
      deltaStates.set(next, { mailbox, generation, select: state.select, afterSeq: state.afterSeq });
      answer['@odata.deltaLink'] = `${link}$deltatoken=${next}`;
    }
    return json(res, 200, answer);
  }

  const server = https.createServer({ key, cert }, (req, res) => {
    handle(req, res).catch((error: Error) => graphError(res, 500, 'FakeGraphFailure', error.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = url;
  fake.config = { ...fake.config, authorityHost: url, baseUrl: url };
  return fake;
}

/** The app's mail settings for the tests of the recruiters' own mailboxes: Graph (this fake) sends and reads; the inbox poll is slow, so each test reads when it means to. */
export function mailboxTestConfig(graph: FakeGraph) {
  return {
    smtp: { url: undefined, from: 'Talentloop Recruiting <recruiting@talentloop.test>' },
    graph: { ...graph.config, mailbox: 'recruiting@talentloop.test' },
    mail: { replyTo: undefined, retryDelaySeconds: 1, retryLimit: 3, syncSeconds: 3600 },
  };
}

/**
 * The first mail Graph took for a candidate, once our database recorded it as sent: an answer is matched by the
 * Message-ID recorded then, a moment after Graph took the mail.
 */
export async function recordedGraphMail(graph: FakeGraph, owner: pg.Pool, candidate: { id: number; email: string }) {
  const row = await until(async () => (await owner.query<{ id: number }>(
    "select id from public.messages where candidate_id = $1 and direction = 'out' and provider_message_id is not null", [candidate.id])).rows[0], Boolean);
  const mail = await simpleParser(graph.sent.find((sent) => sent.mime.includes(candidate.email))!.mime);
  return { rowId: row.id, messageId: mail.messageId!, subject: mail.subject! };
}

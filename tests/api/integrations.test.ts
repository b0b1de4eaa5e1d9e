// Settings → Integrations on the real API and database, against the fake servers: the
// state of each integration (never a secret), and "Send a test" through the AI provider
// (fake OpenAI-compatible server), mail (SMTP sink, a server that refuses the login, the
// dev outbox), Microsoft Graph (fake Graph) and WhatsApp (fake Cloud API): success, and the provider's error in
// plain words, never a 500. Tests are for admins, one per kind per 10 s.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reset } from '#platform/http/rate-limit.server.ts';
import { INTEGRATION_TEST_PER_USER } from '#domain/integrations/checks.server.ts';
import type { Integrations, IntegrationTestResult } from '#domain/integrations/schemas.ts';
import { createGraphCalendar } from '#domain/meetings/teams.server.ts';
import { startFakeGraph, type FakeGraph } from '../support/fake-graph.ts';
import { NO_AI, startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts';
import { signInAdmin, signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { NO_GRAPH, startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { FAKE_TOKEN, setEnv, startFakeWhatsApp, WHATSAPP_OFF, type FakeWhatsApp } from '../support/fake-whatsapp.ts';
import { login, makeUserEnrolledInSettings } from '../support/auth-users.ts';

const ADMIN_EMAIL = 'admin@talentloop.local';
const FROM = 'Talentloop Recruiting <recruiting@talentloop.test>';

let ai: FakeOpenAI;
let sink: SmtpSink;
let graph: FakeGraph;
let whatsapp: FakeWhatsApp;
let restoreEnv: () => void;
let app: TestApp;
let admin: TestClient;
let recruiter: TestClient;

/** A server that asks for a login and refuses every one, as a mail provider does with a wrong password. */
async function startRefusingSmtp() {
  const server = new SMTPServer({
    secure: false, disabledCommands: ['STARTTLS'], allowInsecureAuth: true, logger: false,
    onAuth(_auth, _session, callback) { callback(Object.assign(new Error('5.7.8 Username and Password not accepted'), { responseCode: 535 })); },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

beforeAll(async () => {
  [ai, sink, graph, whatsapp] = await Promise.all([startFakeOpenAI(), startSmtpSink(), startFakeGraph(), startFakeWhatsApp()]);
  restoreEnv = setEnv(whatsapp.env());
  app = await startTestApp({
    config: { openai: { ...NO_AI, apiKey: 'sk-fake-secret-key', baseURL: ai.baseURL }, smtp: { url: sink.url, from: FROM }, graph: NO_GRAPH },
    calendar: createGraphCalendar(graph.config),
  });
  admin = app.client({ ip: '10.123.0.1' });
  await signInAdmin(admin);
  recruiter = app.client({ ip: '10.123.0.2' });
  await signInRecruiter(recruiter);
});
afterAll(async () => {
  await app?.close();
  restoreEnv?.();
  await Promise.all([ai?.close(), sink?.close(), graph?.close(), whatsapp?.close()]);
});

/** Each test may send each kind once: the limit is proved on its own. */
beforeEach(async () => {
  const { rows } = await app.pools.owner.query<{ id: string }>("select id from public.profiles where username = 'admin'");
  for (const kind of ['ai', 'mail', 'teams', 'whatsapp']) await reset(app.pools.owner, INTEGRATION_TEST_PER_USER, `${rows[0].id}:${kind}`);
});

const test = async (kind: string, client = admin) => {
  const response = await client.post(`/api/settings/integrations/${kind}/test`);
  return { status: response.status, result: response.json as IntegrationTestResult & { error?: string; field?: string }, response };
};

describe('GET /api/settings/integrations', () => {
  it('shows each service as configured, with its address and never its secret', async () => {
    const answer = await recruiter.get('/api/settings/integrations');
    expect(answer.status).toBe(200);
    const { integrations, canSendTests } = answer.json as Integrations;
    expect(canSendTests).toBe(false);
    expect(integrations.map((i) => [i.kind, i.status, i.mode, i.testable])).toEqual([
      ['ai', 'configured', 'OpenAI-compatible API', true], ['mail', 'configured', 'SMTP', true], ['teams', 'configured', 'Microsoft Graph', true],
      ['whatsapp', 'configured', 'WhatsApp Business Cloud API', true], ['signin', 'fallback', 'Built-in accounts', false],
    ]);
    expect(integrations[3].details).toContainEqual({
      label: 'Approved templates', value: 'talentloop_intro (nl), talentloop_intro (en), talentloop_ping (en)', labelCode: 'integrations.details.approvedTemplates',
    });
    expect(answer.text).not.toContain(FAKE_TOKEN);
    expect(integrations[0].details).toContainEqual({ label: 'Server', value: ai.baseURL, labelCode: 'integrations.details.server' });
    expect(integrations[1].details).toContainEqual({ label: 'Server', value: `127.0.0.1:${new URL(sink.url).port}`, labelCode: 'integrations.details.server' });
    expect(integrations.map((i) => i.code)).toEqual(['integrations.ai.configured', 'integrations.mail.smtp', 'integrations.teams.configured',
      'integrations.whatsapp.configured', 'integrations.signin.builtin']);
    expect(answer.text).not.toContain('sk-fake-secret-key');
    expect(answer.text).not.toContain(graph.config.clientSecret);
    expect(((await admin.get('/api/settings/integrations')).json as Integrations).canSendTests).toBe(true);
  });

  it('says which template meetings\' WhatsApp reminders go with, or why they go by email only', async () => {
    const reminders = async (env: Record<string, string | undefined>) => {
      const restore = setEnv(env);
      try {
        return ((await admin.get('/api/settings/integrations')).json as Integrations).integrations[3].details
          .find((detail) => detail.labelCode === 'integrations.details.meetingReminders');
      } finally {
        restore();
      }
    };
    const label = 'Meeting reminders by WhatsApp';
    const labelCode = 'integrations.details.meetingReminders';
    expect(await reminders({ WHATSAPP_REMINDER_TEMPLATE: 'talentloop_intro' })).toEqual({ label, labelCode, value: 'talentloop_intro' });
    expect(await reminders({ WHATSAPP_REMINDER_TEMPLATE: undefined })).toEqual({
      label, labelCode, valueCode: 'integrations.values.reminderNotSet',
      value: 'Off: no template set (WHATSAPP_REMINDER_TEMPLATE); reminders go by email only',
    });
    expect(await reminders({ WHATSAPP_REMINDER_TEMPLATE: 'talentloop_reminder' })).toEqual({
      label, labelCode, valueCode: 'integrations.values.reminderUnlisted', valueParams: { name: 'talentloop_reminder' },
      value: 'Off: talentloop_reminder (WHATSAPP_REMINDER_TEMPLATE) is not among the approved templates; reminders go by email only',
    });
    expect(await reminders({ WHATSAPP_TEMPLATES: 'talentloop_long:en:6', WHATSAPP_REMINDER_TEMPLATE: 'talentloop_long' })).toMatchObject({
      valueCode: 'integrations.values.reminderParameters', valueParams: { name: 'talentloop_long', count: 6, max: 4 },
      value: 'Off: talentloop_long takes 6 values and a reminder fills in at most 4; reminders go by email only',
    });
    // Each language's version is the one its candidates' reminders take: a Dutch version with too many values
    // leaves Dutch candidates' reminders to email while English ones go by WhatsApp, and the card says so.
    expect(await reminders({ WHATSAPP_TEMPLATES: 'talentloop_herinnering:en:4,talentloop_herinnering:nl:5', WHATSAPP_REMINDER_TEMPLATE: 'talentloop_herinnering' })).toMatchObject({
      valueCode: 'integrations.values.reminderDutchParameters', valueParams: { name: 'talentloop_herinnering', count: 5, max: 4 },
      value: 'talentloop_herinnering for English; off for Dutch: its Dutch version takes 5 values and a reminder fills in at most 4, so Dutch candidates get reminders by email only',
    });
    expect(await reminders({ WHATSAPP_TEMPLATES: 'talentloop_herinnering:en:6,talentloop_herinnering:nl:3', WHATSAPP_REMINDER_TEMPLATE: 'talentloop_herinnering' })).toMatchObject({
      valueCode: 'integrations.values.reminderEnglishParameters', valueParams: { name: 'talentloop_herinnering', count: 6, max: 4 },
    });
    expect(await reminders({ WHATSAPP_TEMPLATES: 'talentloop_herinnering:en:4,talentloop_herinnering:nl:2', WHATSAPP_REMINDER_TEMPLATE: 'talentloop_herinnering' }))
      .toEqual({ label, labelCode, value: 'talentloop_herinnering' });
  });

  it('never shows an SMTP password', async () => {
    const saved = app.config.smtp;
    app.config.smtp = { url: 'smtps://mailer:hunter2-secret@smtp.example.com/?pool=true', from: FROM };
    try {
      const answer = await admin.get('/api/settings/integrations');
      expect((answer.json as Integrations).integrations[1].details).toEqual([
        { label: 'Server', value: 'smtp.example.com:465 (TLS)', labelCode: 'integrations.details.server' },
        { label: 'Login', value: 'User name and password (not shown)', labelCode: 'integrations.details.login', valueCode: 'integrations.values.loginNotShown' },
        { label: 'From', value: FROM, labelCode: 'integrations.details.from' },
      ]);
      expect(answer.text).not.toMatch(/hunter2|mailer/);
    } finally {
      app.config.smtp = saved;
    }
  });
});

describe('POST /api/settings/integrations/:kind/test', () => {
  it('AI: a tiny chat completion through the provider', async () => {
    ai.mode = 'ok';
    ai.reply = 'OK';
    const before = ai.requests.length;
    const { status, result } = await test('ai');
    expect(status).toBe(200);
    expect(result).toMatchObject({ kind: 'ai', ok: true, message: 'The AI provider answered (model gpt-4o-mini): "OK"' });
    expect(ai.requests.length).toBe(before + 1);
    expect(ai.requests.at(-1)!.authorization).toBe('Bearer sk-fake-secret-key');
  });

  it("AI: the provider's error in plain words", async () => {
    ai.mode = 'error';
    try {
      const { status, result } = await test('ai');
      expect(status).toBe(200);
      expect(result).toMatchObject({ ok: false, message: 'The AI provider refused the request (500): The server had an error while processing your request.' });
    } finally {
      ai.mode = 'ok';
    }
  });

  it("mail: a test mail to the admin's own address through the SMTP server", async () => {
    const before = sink.count;
    const { status, result } = await test('mail');
    expect(status).toBe(200);
    expect(result).toMatchObject({ ok: true, message: `The SMTP server at 127.0.0.1:${new URL(sink.url).port} accepted the test mail to ${ADMIN_EMAIL}.` });
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    expect(mail.to).toEqual([ADMIN_EMAIL]);
    expect(mail.raw.toString()).toContain('Subject: Talentloop test mail');
  });

  it('mail: a refused recipient in plain words', async () => {
    sink.refuse(ADMIN_EMAIL, 550, 1);
    const { status, result } = await test('mail');
    expect(status).toBe(200);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^The SMTP server refused the test mail: 550 /);
  });

  it('mail: a refused login in plain words', async () => {
    const refusing = await startRefusingSmtp();
    const saved = app.config.smtp;
    app.config.smtp = { url: `smtp://mailer:wrong-password@127.0.0.1:${refusing.port}`, from: FROM };
    try {
      const { status, result } = await test('mail');
      expect(status).toBe(200);
      expect(result.ok).toBe(false);
      expect(result.message).toMatch(/^The SMTP server refused the login: 535 .*Username and Password not accepted/);
      expect(result.message).not.toContain('wrong-password');
    } finally {
      app.config.smtp = saved;
      await refusing.close();
    }
  });

  it('mail: nothing listening is said so', async () => {
    const refusing = await startRefusingSmtp();
    await refusing.close();
    const saved = app.config.smtp;
    app.config.smtp = { url: `smtp://127.0.0.1:${refusing.port}`, from: FROM };
    try {
      const { result } = await test('mail');
      expect(result).toMatchObject({ ok: false });
      expect(result.message).toBe(`Could not connect to the SMTP server at 127.0.0.1:${refusing.port}: nothing answered there (ECONNREFUSED).`);
    } finally {
      app.config.smtp = saved;
    }
  });

  it('mail: with no mail service the test mail goes to the dev outbox', async () => {
    const saved = app.config.smtp;
    app.config.smtp = { url: undefined, from: FROM };
    try {
      const { status, result } = await test('mail');
      expect(status).toBe(200);
      expect(result).toMatchObject({ ok: true, message: `The test mail to ${ADMIN_EMAIL} is in the dev outbox (no mail service is configured, so nothing left the app).` });
      const { rows } = await app.pools.owner.query('select to_address, subject from public.mail_outbox order by id desc limit 1');
      expect(rows[0]).toMatchObject({ subject: 'Talentloop test mail' });
      expect(rows[0].to_address).toMatch(new RegExp(`<${ADMIN_EMAIL}>$`));
    } finally {
      app.config.smtp = saved;
    }
  });

  it("Teams: reads the next hour of the admin's Outlook calendar, changing nothing", async () => {
    graph.setBusy(ADMIN_EMAIL, [{ start: new Date(Date.now() + 10 * 60_000).toISOString(), end: new Date(Date.now() + 40 * 60_000).toISOString(), showAs: 'busy' }]);
    const events = graph.events.size;
    const { status, result } = await test('teams');
    expect(status).toBe(200);
    expect(result).toMatchObject({ ok: true, message: `Microsoft Graph read the Outlook calendar of ${ADMIN_EMAIL}: 1 busy time in the next hour.` });
    expect(graph.calls.at(-1)).toMatchObject({ method: 'GET', path: `/users/${ADMIN_EMAIL}/calendarView` });
    expect(graph.events.size).toBe(events);
  });

  it("Teams: Graph's refusal in plain words", async () => {
    graph.fail({ path: /calendarView/ }, { status: 403, code: 'ErrorAccessDenied', message: 'Access is denied. Check credentials and try again.' });
    const { status, result } = await test('teams');
    expect(status).toBe(200);
    expect(result).toMatchObject({
      ok: false, message: `Microsoft Graph refused to read the calendar of ${ADMIN_EMAIL} (403): Access is denied. Check credentials and try again.`,
    });
  });

  it('WhatsApp: reads the business number, sending nothing', async () => {
    const { status, result } = await test('whatsapp');
    expect(status).toBe(200);
    expect(result).toMatchObject({ kind: 'whatsapp', ok: true });
    expect(result.message).toBe('The WhatsApp Cloud API answered for the business number +31 20 123 4567 (Talentloop Test); no message was sent.');
    expect(whatsapp.calls.at(-1)).toMatchObject({ method: 'GET' });
    expect(whatsapp.calls.some((call) => call.path.endsWith('/messages'))).toBe(false);
  });

  it("WhatsApp: a refused access token in plain words", async () => {
    const restore = setEnv({ WHATSAPP_TOKEN: 'an-expired-token' });
    try {
      const { status, result } = await test('whatsapp');
      expect(status).toBe(200);
      expect(result.ok).toBe(false);
      expect(result.message).toMatch(/^WhatsApp refused the access token \(WHATSAPP_TOKEN\) \(190\)/);
    } finally {
      restore();
    }
  });

  it('one test per kind every 10 s per user: then a 429 with Retry-After', async () => {
    expect((await test('ai')).status).toBe(200);
    const again = await test('ai');
    expect(again.status).toBe(429);
    expect(again.result.error).toMatch(/^Wait \d+ s before sending another AI test\.$/);
    expect(Number(again.response.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another kind is its own.
    expect((await test('teams')).status).toBe(200);
  });

  it('is for admins: a recruiter gets a 403 and nothing is sent', async () => {
    const before = ai.requests.length;
    expect((await test('ai', recruiter)).status).toBe(403);
    expect(ai.requests.length).toBe(before);
  });

  it('names a kind it does not know', async () => {
    const { status, result } = await test('sms');
    expect(status).toBe(400);
    expect(result.field).toBe('kind');
  });
});

describe('integrations that are not configured', () => {
  let bare: TestApp;
  let bareAdmin: TestClient;
  let restoreWhatsApp: () => void;
  beforeAll(async () => {
    restoreWhatsApp = setEnv(WHATSAPP_OFF);
    bare = await startTestApp({ config: { openai: NO_AI, smtp: { url: undefined, from: FROM }, graph: NO_GRAPH }, calendar: null });
    bareAdmin = bare.client({ ip: '10.123.1.1' });
    await signInAdmin(bareAdmin);
  });
  afterAll(async () => { await bare?.close(); restoreWhatsApp?.(); });

  it('says so, and refuses their tests with a 409 naming kind', async () => {
    const { integrations } = (await bareAdmin.get('/api/settings/integrations')).json as Integrations;
    expect(integrations.map((i) => [i.kind, i.status, i.mode, i.testable])).toEqual([
      ['ai', 'fallback', 'Built-in offline drafter', false], ['mail', 'fallback', 'Dev outbox', true], ['teams', 'off', 'Email invitations only', false],
      ['whatsapp', 'off', 'WhatsApp not configured', false], ['signin', 'fallback', 'Built-in accounts', false],
    ]);
    for (const kind of ['ai', 'teams', 'whatsapp', 'signin']) {
      const refused = await bareAdmin.post(`/api/settings/integrations/${kind}/test`);
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({ field: 'kind', error: integrations.find((i) => i.kind === kind)!.notTestable });
    }
  });
});

describe('sign-in through Supabase Auth', () => {
  let supabase: TestApp;
  let supabaseAdmin: TestClient;
  beforeAll(async () => {
    supabase = await startTestApp({ provider: 'supabase', config: { openai: NO_AI, graph: NO_GRAPH }, calendar: null });
    const admin = await makeUserEnrolledInSettings(supabase, 'admin');
    supabaseAdmin = supabase.client({ ip: '10.123.3.1' });
    await login(supabaseAdmin, admin);
    await supabaseAdmin.post('/api/auth/verify-2fa', { code: admin.code() });
  });
  afterAll(async () => { await supabase?.close(); });

  it("shows the project's address, and its test asks Supabase Auth's health", async () => {
    const { integrations } = (await supabaseAdmin.get('/api/settings/integrations')).json as Integrations;
    const signin = integrations.find((integration) => integration.kind === 'signin')!;
    const server = supabase.gotrue!.url;
    expect(signin).toMatchObject({ status: 'configured', mode: 'Supabase Auth', code: 'integrations.signin.supabase', testable: true });
    expect(signin.details).toEqual([{ label: 'Server', value: server, labelCode: 'integrations.details.server' }]);
    const { status, result } = await test('signin', supabaseAdmin);
    expect(status).toBe(200);
    expect(result).toMatchObject({ kind: 'signin', ok: true, message: `Supabase Auth at ${server} answered (GoTrue fake).`, code: 'integrationTests.signin_answered' });
    expect(supabase.gotrue!.requests.some((request) => request.path === '/auth/v1/health' && request.key === 'anon')).toBe(true);
  });
});

describe('Microsoft Graph with a wrong client secret', () => {
  let wrong: TestApp;
  let wrongAdmin: TestClient;
  beforeAll(async () => {
    wrong = await startTestApp({ config: { openai: NO_AI }, calendar: createGraphCalendar({ ...graph.config, clientSecret: 'not-the-secret' }) });
    wrongAdmin = wrong.client({ ip: '10.123.2.1' });
    await signInAdmin(wrongAdmin);
  });
  afterAll(async () => { await wrong?.close(); });

  it("reports Entra's refusal in plain words", async () => {
    const answer = await wrongAdmin.post('/api/settings/integrations/teams/test');
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ ok: false, message: "Microsoft Entra ID refused the app's credentials: AADSTS7000215: Invalid client secret provided." });
  });
});

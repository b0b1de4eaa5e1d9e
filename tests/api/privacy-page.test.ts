// The candidate's privacy page (issue 30): the "Your data" link of an email opens, without an account, what
// Talentloop holds about the candidate (pools as a count, never by name), in their language (else the browser's),
// without client JS. The download is JSON with the engagement events; corrections are checked like the candidate
// API's and recorded; consent is withdrawn per channel as the candidate's own choice (which stands); erasure is
// scheduled after a 7-day undo window, and undone. A wrong token says nothing about anyone; the page is
// rate-limited like the booking page. What a candidate or an admin would see is asserted, through the real API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { ORIGIN } from '../support/constants.ts';
import { newCandidate, newPool, uniqueTag } from '../support/test-data.ts';
import type { PrivacyExport, PrivacyOverview } from '#domain/privacy/schemas.ts';

let app: TestApp;
let recruiter: TestClient;

beforeAll(async () => {
  app = await startTestApp({ config: { openai: NO_AI, ...OUTBOX_MAIL } });
  recruiter = app.client({ ip: '10.30.0.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => { await app?.close(); });

const ENGLISH = 'en-GB,en;q=0.9';
const DUTCH = 'nl-NL,nl;q=0.9';
let ips = 0;
/** Each test reads from its own address: the rate limits count per address. */
const nextIp = () => `10.31.${Math.floor(++ips / 250)}.${ips % 250}`;

/** What a person reads: the page's text without tags and styles. */
const visible = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/g, ' ').replace(/<[^>]+>/g, ' ')
  .replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();

interface Browsed { status: number; html: string; text: string; location: string | null; headers: Headers }

/** A browser: it asks for HTML; `form` is one of the page's forms, posted as a plain HTML form. */
async function browse(path: string, options: { language?: string; form?: Record<string, string>; ip?: string } = {}): Promise<Browsed> {
  const response = await app.api.request(`${ORIGIN}${path}`, {
    method: options.form ? 'POST' : 'GET',
    headers: {
      accept: 'text/html,application/xhtml+xml', 'accept-language': options.language ?? ENGLISH, 'x-test-client-ip': options.ip ?? nextIp(),
      ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN } : {}),
    },
    body: options.form ? new URLSearchParams(options.form).toString() : undefined,
  });
  const html = await response.text();
  return { status: response.status, html, text: visible(html), location: response.headers.get('location'), headers: response.headers };
}

/** The API without a browser: JSON in and out, no cookies. */
async function call(method: 'GET' | 'POST', path: string, body?: unknown, ip = nextIp()) {
  const response = await app.api.request(`${ORIGIN}${path}`, {
    method, headers: { 'x-test-client-ip': ip, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : null };
}

/** A candidate with all the fields the page shows, in two named pools, with an email sent: its token. */
async function candidateWithMail(fields: Record<string, unknown> = {}) {
  const tag = uniqueTag();
  const person = await newCandidate(recruiter, {
    name: `Sanne Privacy ${tag}`, phone: '+31 6 11112222', location: 'Utrecht', jobFunction: 'Data engineer',
    skillTags: ['python', 'dbt'], seniorityLevel: 'senior', whatsappNumber: '+31 6 33334444', allowsWhatsapp: true,
    consentWording: 'Agreed at the meetup', ...fields,
  });
  const pools = [await newPool(recruiter, [person.id], `Secret pool A ${tag}`), await newPool(recruiter, [person.id], `Secret pool B ${tag}`)];
  const sent = await recruiter.post(`/api/candidates/${person.id}/messages`, { subject: `Role for you ${tag}`, content: 'Fancy a chat?', channel: 'email' });
  expect(sent.status).toBe(201);
  const { rows: [{ reply_token: token }] } = await app.pools.owner.query<{ reply_token: string }>(
    'select reply_token from public.messages where id = $1', [sent.json.message.id]);
  return { person, pools, token, tag, messageId: sent.json.message.id as number };
}

/** A meeting with the candidate (starting at a time of its own) and its confirmation email's privacy token. */
async function meetingWith(candidateId: number): Promise<string> {
  const start = new Date(Date.UTC(2030, 0, 1) + Math.floor(Math.random() * 1e6) * 3_600_000);
  const end = new Date(start.getTime() + 30 * 60_000);
  const { rows: [{ token }] } = await app.pools.owner.query<{ token: string }>(
    `with m as (
       insert into public.meetings (recruiter_id, candidate_id, title, starts_at, ends_at, blocked_from, blocked_until)
       select p.id, $1, 'Intro call', $2, $3, $2, $3 from public.profiles p where p.username = 'recruiter' returning id
     )
     insert into public.meeting_notifications (meeting_id, kind, sequence) select id, 'confirmed', 0 from m returning privacy_token as token`,
    [candidateId, start, end]);
  return token;
}

const dataRequests = async (candidateId: number) => (await app.pools.owner.query<{ kind: string; source: string; state: string; details: string; execute_after: Date | null }>(
  `select kind, source, state, details, execute_after from public.data_requests where candidate_id = $1 order by id`, [candidateId])).rows;
const ledger = async (candidateId: number, channel = 'email') => (await app.pools.owner.query<{ source: string; granted: boolean; wording: string }>(
  `select source, granted, wording from public.consent_events where candidate_id = $1 and channel = $2 order by id`, [candidateId, channel])).rows;

describe('the privacy page', () => {
  it('shows the candidate what we hold, in English, pools only as a count, with plain forms and no script', async () => {
    const { person, pools, token, tag } = await candidateWithMail();
    await meetingWith(person.id);
    const page = await browse(`/api/public/privacy/${token}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="en">');
    expect(page.text).toContain(`Your data, Sanne`);
    for (const shown of [person.name, person.email!, '+31 6 11112222', 'Utrecht', 'Data engineer', 'python, dbt', 'Senior',
      'A recruiter added them', 'You are in 2 talent pools.', `Role for you ${tag}`, 'Us', 'Confirmed', 'Agreed at the meetup',
      'You allow us to email you until', 'You allow us to message you on WhatsApp.']) {
      expect(page.text, shown).toContain(shown);
    }
    for (const pool of pools) expect(page.html).not.toContain(pool.name);
    expect(page.html).not.toContain('<script');
    // Every action is a plain form to the public API, or the download link.
    for (const action of ['consent', 'correction', 'erase']) expect(page.html).toContain(`method="post" action="/api/public/privacy/${token}/${action}"`);
    expect(page.html).toContain(`href="/api/public/privacy/${token}/export" download`);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; form-action 'self'; frame-ancestors 'none'/);

    // The JSON of the same, for the API.
    const answer = await call('GET', `/api/public/privacy/${token}`);
    expect(answer.status).toBe(200);
    const overview = answer.json as PrivacyOverview;
    expect(overview).toMatchObject({ talentPools: 2, details: { name: person.name, location: 'Utrecht', source: 'recruiter' },
      consent: { email: { granted: true, expired: false }, whatsapp: { granted: true } } });
    expect(JSON.stringify(overview)).not.toContain('Secret pool');
  });

  it('speaks the candidate\'s own language, else the browser\'s', async () => {
    const { person, token } = await candidateWithMail();
    const english = await browse(`/api/public/privacy/${token}`, { language: DUTCH.replace(/nl/g, 'de') });
    expect(english.html).toContain('<html lang="en">');
    const byBrowser = await browse(`/api/public/privacy/${token}`, { language: DUTCH });
    expect(byBrowser.html).toContain('<html lang="nl">');
    expect(byBrowser.text).toContain('Je zit in 2 talentenpools.');
    expect(byBrowser.text).toContain('Een recruiter heeft ze ingevoerd');
    expect(byBrowser.headers.get('vary')).toContain('Accept-Language');

    await app.pools.owner.query(`update public.candidates set language = 'dutch' where id = $1`, [person.id]);
    const byCandidate = await browse(`/api/public/privacy/${token}`, { language: ENGLISH });
    expect(byCandidate.html).toContain('<html lang="nl">');
    for (const shown of ['Jouw gegevens, Sanne', 'Je gegevens', 'Berichten', 'Afspraken', 'Je toestemming', 'Download je gegevens',
      'Verbeter je gegevens', 'Wis je gegevens', 'Ervaringsniveau', 'Wij']) {
      expect(byCandidate.text, shown).toContain(shown);
    }
    expect(byCandidate.text).not.toMatch(/\b(Your|Messages|Meetings|Download your|Erase)\b/);
  });

  it('opens by a meeting email\'s link too', async () => {
    const { person } = await candidateWithMail();
    const token = await meetingWith(person.id);
    const page = await browse(`/api/public/privacy/${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(person.name);
  });

  it('a wrong token is a 404 page that names no one, and a 404 naming the token to the API', async () => {
    const { person } = await candidateWithMail();
    for (const token of ['0'.repeat(24), 'not-a-token', 'f'.repeat(300)]) {
      const page = await browse(`/api/public/privacy/${token}`);
      expect(page.status, token).toBe(token.length > 200 ? 400 : 404);
      if (page.status === 404) {
        expect(page.text).toContain('This link is not valid');
        expect(page.html).not.toContain(person.name);
      }
    }
    const unknown = await call('GET', `/api/public/privacy/${'0'.repeat(24)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: 'Privacy page link not found', code: 'privacy_link_not_found', field: 'token' });
    for (const path of ['/export', '/keep-informed']) expect((await browse(`/api/public/privacy/${'0'.repeat(24)}${path}`)).status).toBe(404);
    expect((await call('POST', `/api/public/privacy/${'0'.repeat(24)}/erase`)).status).toBe(404);
    expect((await browse(`/api/public/privacy/${'0'.repeat(24)}/erase`, { form: {} })).status).toBe(404);
  });
});

describe('the download', () => {
  it('is a JSON file of everything shown with the messages\' texts and engagement, recorded as an access request done', async () => {
    const { person, token, tag, messageId } = await candidateWithMail();
    await meetingWith(person.id);
    await app.pools.owner.query(
      `insert into public.engagement_events (candidate_id, message_id, kind, url) values ($1, $2, 'click', 'https://jobs.example/role')`, [person.id, messageId]);
    const response = await call('GET', `/api/public/privacy/${token}/export`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="your-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = response.json as PrivacyExport;
    expect(data.details).toMatchObject({ name: person.name, email: person.email, phone: '+31 6 11112222', skills: ['python', 'dbt'], seniorityLevel: 'senior' });
    expect(data.talentPools).toBe(2);
    expect(data.messages).toEqual([expect.objectContaining({ direction: 'out', channel: 'email', subject: `Role for you ${tag}`, content: 'Fancy a chat?' })]);
    expect(data.meetings).toEqual([expect.objectContaining({ status: 'confirmed' })]);
    expect(data.consentHistory.map((e) => [e.channel, e.granted, e.wording])).toEqual(expect.arrayContaining([
      ['email', true, 'Agreed at the meetup'], ['whatsapp', true, 'Agreed at the meetup']]));
    expect(data.engagement).toEqual([expect.objectContaining({ kind: 'click', url: 'https://jobs.example/role' })]);
    expect(JSON.stringify(data)).not.toContain('Secret pool');
    expect(await dataRequests(person.id)).toEqual([expect.objectContaining({ kind: 'access', source: 'privacy_page', state: 'done' })]);
  });
});

describe('corrections', () => {
  it('changes name, phone and location as the candidate API checks them, recorded as a correction done and audited', async () => {
    const { person, token } = await candidateWithMail();
    const bad = await call('POST', `/api/public/privacy/${token}/correction`, { phone: 'call me maybe' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: 'validation.phone_number', field: 'phone' });
    // Only these three: the address is not the candidate's to change here.
    expect((await call('POST', `/api/public/privacy/${token}/correction`, { email: 'other@example.org' })).json)
      .toMatchObject({ code: 'validation.unknown_fields', params: { keys: 'email' } });

    const fixed = await call('POST', `/api/public/privacy/${token}/correction`, { name: 'Sanne de Vries', location: 'Rotterdam', phone: '+31 6 11112222' });
    expect(fixed.json).toEqual({ success: true, status: 'corrected', changed: ['name', 'location'] });
    const detail = await recruiter.get(`/api/candidates/${person.id}`);
    expect(detail.json).toMatchObject({ name: 'Sanne de Vries', location: 'Rotterdam', phone: '+31 6 11112222', timeZone: { zone: 'Europe/Amsterdam' } });
    expect(await dataRequests(person.id)).toEqual([expect.objectContaining({
      kind: 'correction', source: 'privacy_page', state: 'done', details: expect.stringMatching(/: name, location$/) })]);
    const { rows: audit } = await app.pools.owner.query(
      `select action, details from public.audit_log where entity = 'candidate' and entity_id = $1`, [String(person.id)]);
    expect(audit).toEqual([{ action: 'candidate.correct', details: expect.objectContaining({ source: 'privacy_page', fields: ['name', 'location'] }) }]);

    const same = await call('POST', `/api/public/privacy/${token}/correction`, { name: 'Sanne de Vries' });
    expect(same.json).toEqual({ success: true, status: 'unchanged', changed: [] });
    expect(await dataRequests(person.id)).toHaveLength(1);
  });

  it('the page\'s form goes back to the page with a notice, or shows what was wrong and changes nothing', async () => {
    const { person, token } = await candidateWithMail();
    const saved = await browse(`/api/public/privacy/${token}/correction`, { form: { name: person.name, phone: '', location: 'Leiden' } });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`/privacy/${token}?notice=corrected`);
    const after = await browse(`/api/public/privacy/${token}?notice=corrected`);
    expect(after.text).toContain('Your details are corrected.');
    expect(after.text).toContain('Leiden');
    expect((await call('GET', `/api/public/privacy/${token}`)).json.details).toMatchObject({ phone: null, location: 'Leiden' });

    const wrong = await browse(`/api/public/privacy/${token}/correction`, { form: { name: '', phone: '', location: 'Delft' }, language: DUTCH });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain('<html lang="nl">');
    expect(wrong.text).toContain('Niet opgeslagen: Naam is verplicht');
    expect((await call('GET', `/api/public/privacy/${token}`)).json.details.location).toBe('Leiden');
  });
});

describe('consent per channel', () => {
  it('a withdrawal on the page is the candidate\'s own: it stands against a recruiter, and compose is refused', async () => {
    const { person, token, messageId } = await candidateWithMail();
    const withdrawn = await browse(`/api/public/privacy/${token}/consent`, { form: { channel: 'email', granted: 'false' } });
    expect(withdrawn.status).toBe(303);
    expect(withdrawn.location).toBe(`/privacy/${token}?notice=emailWithdrawn`);
    expect((await ledger(person.id)).at(-1)).toEqual({ source: 'candidate', granted: false, wording: `Withdrawn on the privacy page (message ${messageId})` });
    const page = await browse(`/api/public/privacy/${token}?notice=emailWithdrawn`);
    expect(page.text).toContain('We will not email you any more.');
    expect(page.text).toContain('We do not email you.');

    const regrant = await recruiter.patch(`/api/candidates/${person.id}`, { allowsEmail: true, consentWording: 'Said yes on the phone' });
    expect(regrant.status).toBe(409);
    expect(regrant.json.field).toBe('allowsEmail');
    const refused = await recruiter.post(`/api/candidates/${person.id}/messages`, { subject: 'Hi', content: 'again', channel: 'email' });
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ code: 'blockers.opted_out', field: 'channel' });
    // WhatsApp is another channel: untouched.
    expect((await recruiter.get(`/api/candidates/${person.id}`)).json.contactBlockers).toEqual({ email: ['opted_out'], whatsapp: [] });
  });

  it('WhatsApp on its own, by the API; a second withdrawal writes nothing; the candidate may opt back in', async () => {
    const { person, token } = await candidateWithMail();
    const off = await call('POST', `/api/public/privacy/${token}/consent`, { channel: 'whatsapp', granted: false });
    expect(off.json).toEqual({ success: true, status: 'changed',
      consent: { email: expect.objectContaining({ granted: true, expired: false }), whatsapp: { granted: false } } });
    expect((await call('POST', `/api/public/privacy/${token}/consent`, { channel: 'whatsapp', granted: false })).json.status).toBe('already');
    expect(await ledger(person.id, 'whatsapp')).toHaveLength(2);
    expect((await recruiter.get(`/api/candidates/${person.id}`)).json.contactBlockers).toEqual({ email: [], whatsapp: ['whatsapp_opted_out'] });
    expect((await call('POST', `/api/public/privacy/${token}/consent`, { channel: 'whatsapp', granted: true })).json.consent.whatsapp).toEqual({ granted: true });
    const bad = await call('POST', `/api/public/privacy/${token}/consent`, { channel: 'sms', granted: false });
    expect(bad).toMatchObject({ status: 400, json: { field: 'channel' } });
  });
});

describe('erasure', () => {
  it('is scheduled after 7 days as a data request, shown with its date and an Undo that withdraws it', async () => {
    const { person, token } = await candidateWithMail();
    const asked = await browse(`/api/public/privacy/${token}/erase`, { form: {} });
    expect(asked.status).toBe(303);
    expect(asked.location).toBe(`/privacy/${token}?notice=erasureScheduled`);
    const [request] = await dataRequests(person.id);
    expect(request).toMatchObject({ kind: 'erasure', source: 'privacy_page', state: 'scheduled' });
    const days = (request.execute_after!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const page = await browse(`/api/public/privacy/${token}?notice=erasureScheduled`);
    const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/Amsterdam' }).format(request.execute_after!);
    expect(page.text).toContain(`Your data will be erased on ${day}. You can undo this until then.`);
    expect(page.html).toContain(`action="/api/public/privacy/${token}/erase/undo"`);
    expect(page.text).toContain('Undo: keep my data');

    const again = await call('POST', `/api/public/privacy/${token}/erase`);
    expect(again.json).toMatchObject({ success: true, status: 'already' });
    expect(await dataRequests(person.id)).toHaveLength(1);

    const undone = await browse(`/api/public/privacy/${token}/erase/undo`, { form: {} });
    expect(undone.location).toBe(`/privacy/${token}?notice=erasureUndone`);
    expect((await dataRequests(person.id))[0].state).toBe('withdrawn');
    const back = await browse(`/api/public/privacy/${token}?notice=erasureUndone`);
    expect(back.text).toContain('Your data will not be erased.');
    expect(back.html).toContain(`action="/api/public/privacy/${token}/erase"`);
    expect((await call('POST', `/api/public/privacy/${token}/erase/undo`)).json).toEqual({ success: true, status: 'none' });
    // The candidate is still there, and may be emailed as before.
    expect((await recruiter.get(`/api/candidates/${person.id}`)).json.contactBlockers.email).toEqual([]);
  });

  it('shows an admin\'s reason when the data must be kept', async () => {
    const { person, token } = await candidateWithMail();
    const asked = await call('POST', `/api/public/privacy/${token}/erase`);
    expect(asked.json).toMatchObject({ status: 'scheduled', executeAfter: expect.any(String) });
    await app.pools.owner.query(
      `update public.data_requests set state = 'refused', resolution = 'A running contract needs it until June' where candidate_id = $1`, [person.id]);
    const page = await browse(`/api/public/privacy/${token}`);
    expect(page.text).toContain('We must keep your data for now: A running contract needs it until June');
    expect(page.html).not.toContain('/erase/undo');
  });
});

describe('rate limits, like the booking page', () => {
  it('reads per link and address: the 121st within 15 minutes is a 429, another address still reads', async () => {
    const { token } = await candidateWithMail();
    const ip = nextIp();
    for (let i = 0; i < 120; i++) expect((await call('GET', `/api/public/privacy/${token}`, undefined, ip)).status).toBe(200);
    const limited = await call('GET', `/api/public/privacy/${token}`, undefined, ip);
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ code: 'too_many_requests', retryAfter: expect.any(Number) });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    const page = await browse(`/api/public/privacy/${token}`, { ip });
    expect(page.status).toBe(429);
    expect(page.text).toContain('Please try again');
    expect((await call('GET', `/api/public/privacy/${token}`)).status).toBe(200);
  });

  it('changes per link and address: 20 in 15 minutes', async () => {
    const { token } = await candidateWithMail();
    const ip = nextIp();
    for (let i = 0; i < 20; i++) {
      expect((await call('POST', `/api/public/privacy/${token}/consent`, { channel: 'whatsapp', granted: i % 2 === 1 }, ip)).status).toBe(200);
    }
    expect((await call('POST', `/api/public/privacy/${token}/consent`, { channel: 'whatsapp', granted: false }, ip)).status).toBe(429);
  });
});

// Consent expires and is renewed (issue 30). The organisation sets how long email consent lasts and how early the
// one renewal email goes; the worker's consent-renewal job queues exactly one, in the candidate's language, through
// the normal send path, even when two workers run it at once; its link opens the keep-informed page, whose button
// (a GET changes nothing) renews consent in the ledger; without an answer consent lapses on the day: compose is
// refused with the blocker's code and campaigns skip the candidate, and neither renews consent.
// Time passing is written into the database (an expiry in the past), never waited for.
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { smtpConfig, startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { ORIGIN } from '../support/constants.ts';
import { until } from '../support/until.ts';
import { newCandidate, newPool, uniqueTag } from '../support/test-data.ts';
import { startWorker, type Worker } from '#worker/index.ts';
import { runConsentRenewal } from '#worker/jobs/consent-renewal.ts';
import { queueConsentRenewals } from '#domain/privacy/renewal.server.ts';
import { asService } from '#platform/db/request.server.ts';
import type { JobQueue, JobRequest } from '#platform/runtime/jobs.server.ts';

let app: TestApp;
let worker: Worker;
let sink: SmtpSink;
let recruiter: TestClient;
let admin: TestClient;

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startTestApp({
    config: { openai: NO_AI, ...smtpConfig(sink), mail: { replyTo: 'replies@inbound.talentloop.test', retryDelaySeconds: 1, retryLimit: 3, syncSeconds: 60 } },
    jobs: { send: (queue, jobs) => worker.jobs.send(queue, jobs) },
  });
  worker = await startWorker(app.ownerUrl, app.pools, app.config);
  recruiter = app.client({ ip: '10.40.0.1' });
  await signInRecruiter(recruiter);
  admin = app.client({ ip: '10.40.0.2' });
  await signInAdmin(admin);
});
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await sink?.close();
});

/** The job as the worker runs it, handing its mail jobs to `jobs` (the worker's queue unless said). */
const renew = (now = new Date(), jobs: JobQueue = worker.jobs) =>
  runConsentRenewal({ pools: app.pools, config: app.config, jobs, log: () => undefined }, now);

/** A queue that only remembers what it was given: the mail is not the point. */
function keptQueue(): JobQueue & { requests: JobRequest[] } {
  const requests: JobRequest[] = [];
  return { requests, send: (_queue, jobs) => { requests.push(...jobs); return Promise.resolve(); } };
}

const candidateRow = async (id: number) => (await app.pools.owner.query<{ email_consent_expires_at: Date | null; consent_renewal_sent_at: Date | null }>(
  'select email_consent_expires_at, consent_renewal_sent_at from public.candidates where id = $1', [id])).rows[0];
const renewals = async (candidateId: number) => (await app.pools.owner.query<{ id: number; subject: string; content: string; reply_token: string; status: string }>(
  `select id::int, subject, content, reply_token, status from public.messages where candidate_id = $1 and kind = 'consent_renewal' order by id`,
  [candidateId])).rows;
const lastEmailGrant = async (candidateId: number) => (await app.pools.owner.query<{ created_at: Date; source: string; wording: string }>(
  `select created_at, source, wording from public.consent_events where candidate_id = $1 and channel = 'email' and granted order by id desc limit 1`,
  [candidateId])).rows[0];
const addMonths = (at: Date, months: number) => { const d = new Date(at); d.setUTCMonth(d.getUTCMonth() + months); return d; };

async function received(messageId: number): Promise<ParsedMail> {
  await until(() => recruiter.get(`/api/messages/${messageId}`), (r) => ['sent', 'failed'].includes(r.json.status));
  const parsed = await Promise.all(sink.received.map((r) => simpleParser(r.raw)));
  return parsed.find((mail) => mail.headers.get('x-talentloop-message') === String(messageId))!;
}

const saveSettings = (body: Record<string, unknown>) => admin.send('PUT', '/api/settings/organisation', { body });

describe('the organisation\'s consent settings', () => {
  it('takes consentValidMonths and renewalLeadDays, names a wrong one, and applies to consent given from then on', async () => {
    expect((await admin.get('/api/settings/organisation')).json).toMatchObject({ consentValidMonths: 24, renewalLeadDays: 30 });
    const before = await newCandidate(recruiter);
    for (const [body, field] of [[{ consentValidMonths: 0 }, 'consentValidMonths'], [{ consentValidMonths: 121 }, 'consentValidMonths'],
      [{ consentValidMonths: 1.5 }, 'consentValidMonths'], [{ renewalLeadDays: 366 }, 'renewalLeadDays'], [{ renewalLeadDays: '30' }, 'renewalLeadDays']] as const) {
      const refused = await saveSettings(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json).toMatchObject({ field, code: field === 'consentValidMonths' ? 'validation.whole_months' : 'validation.whole_days' });
    }
    expect((await recruiter.send('PUT', '/api/settings/organisation', { body: { consentValidMonths: 6 } })).status).toBe(403);

    // From here on every candidate of this file gets consent for one month, renewed 40 days ahead: due at once.
    const saved = await saveSettings({ consentValidMonths: 1, renewalLeadDays: 40 });
    expect(saved.json).toMatchObject({ consentValidMonths: 1, renewalLeadDays: 40 });
    const after = await newCandidate(recruiter);
    const [kept, given] = [await candidateRow(before.id), await candidateRow(after.id)];
    expect(kept.email_consent_expires_at).toEqual(addMonths((await lastEmailGrant(before.id)).created_at, 24));
    expect(given.email_consent_expires_at).toEqual(addMonths((await lastEmailGrant(after.id)).created_at, 1));
    // The candidate list and detail carry it, for the browser's copy of the rule.
    expect(new Date((await recruiter.get(`/api/candidates/${after.id}`)).json.emailConsentExpiresAt)).toEqual(given.email_consent_expires_at);
  });
});

describe('the renewal email', () => {
  it('is queued exactly once per candidate, even when two workers run the job at the same moment', async () => {
    const people = await Promise.all([1, 2, 3].map(() => newCandidate(recruiter)));
    const [one, two] = [keptQueue(), keptQueue()];
    const counted = await Promise.all([renew(new Date(), one), renew(new Date(), two)]);
    for (const person of people) {
      expect(await renewals(person.id), `candidate ${person.id}`).toHaveLength(1);
      expect((await candidateRow(person.id)).consent_renewal_sent_at).not.toBeNull();
    }
    const { rows: twice } = await app.pools.owner.query(
      `select candidate_id from public.messages where kind = 'consent_renewal' group by candidate_id having count(*) > 1`);
    expect(twice).toEqual([]);
    const jobbed = [...one.requests, ...two.requests].flatMap((job) => (job.data as { messageIds: number[] }).messageIds);
    expect(jobbed.length).toBe(counted[0] + counted[1]);
    expect(new Set(jobbed).size).toBe(jobbed.length);
    // Deterministically: while one worker's claim is not committed, the other skips those candidates.
    const late = await Promise.all([1, 2].map(() => newCandidate(recruiter)));
    const held = await app.pools.app.connect();
    try {
      await held.query(`begin; select set_config('role', 'service_role', true), set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
      const mine = await queueConsentRenewals(held, app.config.publicUrl);
      expect(mine.length).toBeGreaterThanOrEqual(2);
      const meanwhile = await asService(app.pools.app, (tx) => queueConsentRenewals(tx, app.config.publicUrl));
      expect(meanwhile).toEqual([]);
      await held.query('commit');
    } finally {
      held.release();
    }
    for (const person of late) expect(await renewals(person.id)).toHaveLength(1);
    // The next run finds nobody new.
    expect(await Promise.all(people.map(async (person) => (await renewals(person.id)).length))).toEqual([1, 1, 1]);
    await renew(new Date(), keptQueue());
    expect(await Promise.all(people.map(async (person) => (await renewals(person.id)).length))).toEqual([1, 1, 1]);
  });

  it('goes out through the normal send path in the candidate\'s language, else the organisation\'s, with the keep-informed link', async () => {
    const dutch = await newCandidate(recruiter, { name: `Daan Verlenging ${uniqueTag()}` });
    await app.pools.owner.query(`update public.candidates set language = 'dutch' where id = $1`, [dutch.id]);
    const english = await newCandidate(recruiter, { name: `Emma Renewal ${uniqueTag()}` });
    await renew();

    const [toDutch] = await renewals(dutch.id);
    const mail = await received(toDutch.id);
    expect(mail.subject).toBe('Zullen we je op de hoogte houden?');
    expect(mail.to).toMatchObject({ value: [{ address: dutch.email }] });
    const link = `${ORIGIN}/privacy/${toDutch.reply_token}/keep-informed`;
    expect(mail.text).toMatch(/^Hoi Daan,\n\nJe hebt ons toestemming gegeven om je te e-mailen over banen .* Die toestemming loopt af op \d{1,2} \w+ \d{4}\./);
    expect(mail.text).toContain(`Eén klik is genoeg:\n${link}\n`);
    // The footer of every email, in the email's language.
    expect(mail.text).toContain(`Afmelden: ${ORIGIN}/unsubscribe/${toDutch.reply_token}\nJouw gegevens: ${ORIGIN}/privacy/${toDutch.reply_token}\n`);
    // Recognisable in the recruiter's thread.
    expect((await recruiter.get(`/api/messages/${toDutch.id}`)).json).toMatchObject({ kind: 'consent_renewal', status: 'sent', direction: 'out' });

    const [toEnglish] = await renewals(english.id);
    const englishMail = await received(toEnglish.id);
    expect(englishMail.subject).toBe('Shall we keep you informed?');
    expect(englishMail.text).toContain(`One click is enough:\n${ORIGIN}/privacy/${toEnglish.reply_token}/keep-informed\n`);
    expect(englishMail.text).toContain(`Your data: ${ORIGIN}/privacy/${toEnglish.reply_token}\n`);

    // No language of their own: the organisation's default language.
    await saveSettings({ defaultLanguage: 'dutch' });
    const byDefault = await newCandidate(recruiter);
    await renew(new Date(), keptQueue());
    expect((await renewals(byDefault.id))[0].subject).toBe('Zullen we je op de hoogte houden?');
    await saveSettings({ defaultLanguage: null });
  });

  it('"Keep me informed": the page changes nothing, its button renews consent in the ledger', async () => {
    const person = await newCandidate(recruiter, { name: `Kim Keep ${uniqueTag()}` });
    await renew(new Date(), keptQueue());
    const [renewal] = await renewals(person.id);
    const before = await candidateRow(person.id);
    const ledgerBefore = await lastEmailGrant(person.id);

    const page = await app.api.request(`${ORIGIN}/api/public/privacy/${renewal.reply_token}/keep-informed`,
      { headers: { accept: 'text/html', 'accept-language': 'en', 'x-test-client-ip': '10.40.1.1' } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Shall we keep you informed, Kim?');
    expect(html).toContain(`<form method="post" action="/api/public/privacy/${renewal.reply_token}/consent">`);
    expect(html).toContain('<input type="hidden" name="via" value="keep_informed">');
    expect(await lastEmailGrant(person.id)).toEqual(ledgerBefore);

    const clicked = await app.api.request(`${ORIGIN}/api/public/privacy/${renewal.reply_token}/consent`, {
      method: 'POST', body: 'channel=email&granted=true&via=keep_informed',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'x-test-client-ip': '10.40.1.1' },
    });
    expect(clicked.status).toBe(303);
    expect(clicked.headers.get('location')).toBe(`/privacy/${renewal.reply_token}/keep-informed?notice=renewed`);
    const grant = await lastEmailGrant(person.id);
    expect(grant).toMatchObject({ source: 'candidate', wording: `Renewed with "Keep me informed" on the consent renewal page (message ${renewal.id})` });
    const after = await candidateRow(person.id);
    expect(after.email_consent_expires_at).toEqual(addMonths(grant.created_at, 1));
    expect(after.email_consent_expires_at!.getTime()).toBeGreaterThan(before.email_consent_expires_at!.getTime());
    // A new consent gets its own renewal email in time.
    expect(after.consent_renewal_sent_at).toBeNull();

    const thanks = await (await app.api.request(`${ORIGIN}/api/public/privacy/${renewal.reply_token}/keep-informed?notice=renewed`,
      { headers: { accept: 'text/html', 'accept-language': 'en', 'x-test-client-ip': '10.40.1.1' } })).text();
    expect(thanks).toContain('Thank you');
    expect(thanks).toContain('We may email you about jobs until');
  });

  it('without an answer consent lapses on the day: compose is refused with its code, campaigns skip them, nothing renews it', async () => {
    const person = await newCandidate(recruiter, { name: `Lex Lapsed ${uniqueTag()}` });
    const other = await newCandidate(recruiter);
    await renew(new Date(), keptQueue());
    // The day passes: the expiry is behind us.
    await app.pools.owner.query(`update public.candidates set email_consent_expires_at = now() - interval '1 minute' where id = $1`, [person.id]);
    const lapsed = await candidateRow(person.id);

    const refused = await recruiter.post(`/api/candidates/${person.id}/messages`, { subject: 'Hi', content: 'A role?', channel: 'email' });
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual({ error: 'Email consent expired', code: 'blockers.consent_expired', field: 'channel' });
    const detail = await recruiter.get(`/api/candidates/${person.id}`);
    expect(detail.json).toMatchObject({ allowsEmail: true, contactBlockers: { email: ['consent_expired'] } });
    const emailable = await recruiter.get(`/api/candidates?consent=email&q=${encodeURIComponent(person.name)}`);
    expect(emailable.json.map((c: { id: number }) => c.id)).not.toContain(person.id);

    const pool = await newPool(recruiter, [person.id, other.id]);
    const created = await recruiter.post('/api/campaigns', {
      name: `Lapsed ${uniqueTag()}`, campaignType: 'nurture', talentPoolId: pool.id, emailSubject: 'News', emailContent: 'Hi {{firstName}}',
      scheduledAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(created.status).toBe(201);
    const done = await until(() => recruiter.get(`/api/campaigns/${created.json.campaign.id}`), (r) => r.json.status === 'sent');
    expect(done.json).toMatchObject({ recipients: 2, sent: 1, skipped: 1 });
    expect(done.json.progress.skipReasons.map((r: { reason: string }) => r.reason)).toEqual(['Email consent expired']);
    const { rows: [skipped] } = await app.pools.owner.query(
      'select status, skip_reason from public.campaign_recipients where campaign_id = $1 and candidate_id = $2', [created.json.campaign.id, person.id]);
    expect(skipped).toEqual({ status: 'skipped', skip_reason: 'blockers.consent_expired' });
    // Neither the campaign nor the renewal job renewed anything.
    await renew(new Date(), keptQueue());
    expect(await candidateRow(person.id)).toEqual(lapsed);
    expect(await renewals(person.id)).toHaveLength(1);

    // The candidate sees it on their privacy page, and can give consent again themselves.
    const [renewal] = await renewals(person.id);
    const page = await (await app.api.request(`${ORIGIN}/api/public/privacy/${renewal.reply_token}`,
      { headers: { accept: 'text/html', 'accept-language': 'en', 'x-test-client-ip': '10.40.2.1' } })).text();
    expect(page).toMatch(/Your consent to email ended on \d{1,2} \w+ \d{4}\. We no longer email you\./);
    expect(page).toContain('Email me about jobs');
  });
});

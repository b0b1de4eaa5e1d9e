// The admins' weekly erasure preview (issue 30): from Monday 08:00 in the organisation's zone each admin gets one
// email, in their language, naming whom the retention rules erase in the week ahead, when and by which rule, with
// the link to the Admin Portal's Retention tab; once a week however often the hourly job runs; nothing before
// Monday morning, nothing when switched off, nothing in a week with nobody due; a refused delivery is tried again
// on the next run, a permanent refusal is not. Each test runs the job for a week of its own (the job's `now`).
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_TAB_PATH } from '#domain/data-rights/retention-digest.server.ts';
import type { RetentionRule } from '#domain/data-rights/schemas.ts';
import type { OrganisationSettings } from '#domain/settings/schemas.ts';
import { createSmtpMail } from '#platform/mail/smtp.server.ts';
import type { MailPort } from '#platform/mail/port.server.ts';
import { adminTabHref } from '#app/pages/admin/pageParams.ts';
import { runRetentionDigest } from '#worker/jobs/retention-digest.ts';
import { signInAdmin, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { smtpConfig, startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { uniqueTag } from '../support/test-data.ts';

let app: TestApp;
let sink: SmtpSink;
let mail: MailPort;
let admin: TestClient;
/** A second admin, who reads Dutch. */
let dutchAdmin: { email: string; name: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startTestApp({ config: smtpConfig(sink) });
  mail = createSmtpMail(sink.url);
  admin = app.client({ ip: '10.131.0.1' });
  await signInAdmin(admin);
  const tag = uniqueTag();
  dutchAdmin = { email: `beheer.${tag}@example.org`, name: `Beheerder ${tag}` };
  const created = await admin.post('/api/admin/users', {
    username: `beheer_${tag}`.slice(0, 30), displayName: dutchAdmin.name, email: dutchAdmin.email, password: 'a-long-enough-password', role: 'admin',
  });
  expect(created.status, created.text).toBe(201);
  await app.pools.owner.query("update public.profiles set language = 'nl' where email = $1", [dutchAdmin.email]);
});
afterAll(async () => {
  await mail?.close();
  await app?.close();
  await sink?.close();
});

const sql = <T extends object = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  app.pools.owner.query<T>(text, params).then((result) => result.rows);

/** `hour`:`minute` on the Monday `weeks` weeks from now (far enough ahead that no test shares a week), in the organisation's zone. */
async function monday(weeks: number, hour: number, minute = 0): Promise<Date> {
  const [{ at }] = await sql<{ at: Date }>(
    `select (date_trunc('week', now() at time zone z) + make_interval(weeks => $1, hours => $2, mins => $3)) at time zone z as at
       from (select time_zone as z from public.organisation_settings) s`, [weeks, hour, minute]);
  return at;
}

const run = (now: Date) => runRetentionDigest({ pools: app.pools, mail, config: app.config, log: () => undefined }, now);

async function digestOn(on: boolean) {
  const answer = await admin.send('PUT', '/api/settings/organisation', { body: { retentionDigest: on } });
  expect(answer.status, answer.text).toBe(200);
  expect((answer.json as OrganisationSettings).retentionDigest).toBe(on);
}

/** Only this rule (through the API, as an admin sets them); none when null. */
async function onlyRule(rule: { kind: RetentionRule['kind']; months?: number; graceDays: number } | null) {
  const { rules } = (await admin.get('/api/admin/retention-rules')).json as { rules: RetentionRule[] };
  for (const existing of rules) expect((await admin.delete(`/api/admin/retention-rules/${existing.id}`)).status).toBe(200);
  if (rule) expect((await admin.post('/api/admin/retention-rules', rule)).status).toBe(201);
}

/** A candidate nobody touched for 24 months less `daysLeft` days: the 24-month inactive rule erases them in `daysLeft` days. */
async function inactivePerson(daysLeft: number): Promise<{ id: number; name: string }> {
  const name = `Quiet Person ${uniqueTag()}`;
  const [{ id }] = await sql<{ id: number }>(
    'insert into public.candidates (name, email) values ($1, $2) returning id::int', [name, `${name.toLowerCase().replaceAll(' ', '.')}@example.org`]);
  const since = `((public.organisation_today() - interval '24 months' + make_interval(days => $2))::timestamp + interval '12 hours')
    at time zone (select time_zone from public.organisation_settings)`;
  await sql(`update public.candidates set created_at = ${since} where id = $1`, [id, daysLeft]);
  await sql(`update public.candidates set updated_at = ${since} where id = $1`, [id, daysLeft]);
  return { id, name };
}

/** The mails the sink took since `before`, parsed, by recipient. */
async function mailsSince(before: number): Promise<Map<string, ParsedMail>> {
  const parsed = await Promise.all(sink.received.slice(before).map(async (received) => [received.to[0].toLowerCase(), await simpleParser(received.raw)] as const));
  return new Map(parsed);
}

const adminEmail = async () => (await sql<{ email: string }>("select email::text from public.profiles where username = 'admin'"))[0].email.toLowerCase();

describe('the weekly erasure preview email', () => {
  it('reaches every admin on Monday morning in their language, naming who goes when and why, once that week', async () => {
    await digestOn(true);
    await onlyRule({ kind: 'inactive', months: 24, graceDays: 0 });
    const person = await inactivePerson(2);
    const before = sink.received.length;

    const first = await run(await monday(10, 9));
    expect(first).toMatchObject({ sent: 2, failed: 0, nothingDue: 0 });
    const mails = await mailsSince(before);
    const english = mails.get(await adminEmail())!;
    const dutch = mails.get(dutchAdmin.email.toLowerCase())!;
    expect(english.subject).toMatch(/^Erasures in the week of \d{1,2} \w+ \d{4}: \d+$/);
    expect(english.text).toMatch(new RegExp(`\\d{1,2} \\w+ \\d{4}: ${person.name} \\(Inactive\\)`));
    expect(english.text).toContain(`See them all, exempt someone with a reason, or change the rules: ${app.config.publicUrl}/app/admin?tab=retention`);
    expect(english.html).toContain(`<a href="${app.config.publicUrl}/app/admin?tab=retention">`);
    expect(dutch.subject).toMatch(/^Verwijderingen in de week van \d{1,2} \w+ \d{4}: \d+$/);
    expect(dutch.text).toContain(`: ${person.name} (Inactief)`);
    expect(dutch.text).toMatch(/^Hallo Beheerder /);
    // Staff mail from the shared sender: no unsubscribe link, marked as sent by a machine.
    expect(english.from?.value[0].address).toBe('recruiting@talentloop.test');
    expect(english.headers.get('list-unsubscribe')).toBeUndefined();
    expect(english.headers.get('auto-submitted')).toBe('auto-generated');

    // The job runs every hour: later that week nobody gets it again.
    expect(await run(await monday(10, 10))).toMatchObject({ sent: 0, failed: 0 });
    expect(await run(await monday(10, 24 * 3 + 15))).toMatchObject({ sent: 0, failed: 0 });
    expect(sink.received.length).toBe(before + 2);
  });

  it('waits for Monday 08:00 in the organisation\'s zone, and sends nothing while switched off', async () => {
    await onlyRule({ kind: 'inactive', months: 24, graceDays: 0 });
    await inactivePerson(3);
    const before = sink.received.length;
    expect(await run(await monday(11, 7, 59))).toMatchObject({ waiting: 'before_monday_morning', sent: 0 });
    await digestOn(false);
    try {
      expect(await run(await monday(11, 9))).toMatchObject({ waiting: 'switched_off', sent: 0 });
      expect(sink.received.length).toBe(before);
    } finally {
      await digestOn(true);
    }
    // Switched on again, the week's email still goes.
    expect(await run(await monday(11, 10))).toMatchObject({ sent: 2 });
  });

  it('sends nothing in a week with nobody due', async () => {
    await digestOn(true);
    await onlyRule(null);
    const before = sink.received.length;
    expect(await run(await monday(12, 9))).toMatchObject({ sent: 0, failed: 0, nothingDue: 2 });
    expect(sink.received.length).toBe(before);
  });

  it('tries a refused delivery again on the next run, and gives up on a permanent refusal', async () => {
    await digestOn(true);
    await onlyRule({ kind: 'inactive', months: 24, graceDays: 0 });
    await inactivePerson(1);
    sink.refuse(dutchAdmin.email, 451, 1);
    expect(await run(await monday(13, 9))).toMatchObject({ sent: 1, failed: 1 });
    expect(await run(await monday(13, 10))).toMatchObject({ sent: 1, failed: 0 });

    sink.refuse(dutchAdmin.email, 550, 1);
    expect(await run(await monday(14, 9))).toMatchObject({ sent: 1, failed: 1 });
    expect(await run(await monday(14, 10))).toMatchObject({ sent: 0, failed: 0 });
    const [ledger] = await sql<{ status: string; error: string }>(
      `select d.status, d.error from private.retention_digests d join public.profiles p on p.id = d.profile_id
        where p.email = $1 order by d.week desc limit 1`, [dutchAdmin.email]);
    expect(ledger.status).toBe('failed');
    expect(ledger.error).toMatch(/Mailbox unavailable/);
  });

  it('links to the tab the Admin Portal opens for ?tab=retention', () => {
    expect(RETENTION_TAB_PATH).toBe(adminTabHref('retention'));
  });
});

// Admins hear of new access requests by email: the worker's run (every 5 minutes) emails each admin one list of
// the requests filed since, in their language, with the link to the Access requests tab and without what the
// requester wrote; a request is in one such email; nothing while switched off (the requests wait for it to be on);
// not to an admin who turned staff emails off for themselves; when no admin could be emailed, the next run tries again.
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_REQUESTS_TAB_PATH } from '#domain/mail/access-request-notice.server.ts';
import { createSmtpMail } from '#platform/mail/smtp.server.ts';
import type { MailPort } from '#platform/mail/port.server.ts';
import { adminTabHref } from '#app/pages/admin/pageParams.ts';
import { runAccessRequestNotice } from '#worker/jobs/access-request-notice.ts';
import { signInAdmin, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { smtpConfig, startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { uniqueTag } from '../support/test-data.ts';

let app: TestApp;
let sink: SmtpSink;
let mail: MailPort;
let admin: TestClient;
let adminEmail: string;

const run = () => runAccessRequestNotice({ pools: app.pools, mail, config: app.config, log: () => undefined });

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startTestApp({ config: smtpConfig(sink) });
  mail = createSmtpMail(sink.url);
  admin = app.client({ ip: '10.132.0.1' });
  await signInAdmin(admin);
  adminEmail = (await app.pools.owner.query<{ email: string }>("select email::text from public.profiles where username = 'admin'")).rows[0].email.toLowerCase();
  // The demo's own pending requests are told of first, so that each test sees only its own.
  await run();
});
afterAll(async () => {
  await mail?.close();
  await app?.close();
  await sink?.close();
});

let ipCounter = 0;
/** A request filed on the Request Access page, from an address of its own (the page is rate-limited per address). */
async function file(body: { name: string; email: string; company?: string; message?: string }) {
  const filed = await app.client({ ip: `198.51.100.${++ipCounter}` }).post('/api/access-requests', body);
  expect(filed.status, filed.text).toBe(201);
}

const person = (company?: string) => {
  const tag = uniqueTag();
  return { name: `Asking Person ${tag}`, email: `asking.${tag}@example.org`, company, message: `Please let me in ${tag}, see https://example.net/${tag}` };
};

async function mailTo(address: string, before: number): Promise<ParsedMail[]> {
  const mine = sink.received.slice(before).filter((received) => received.to.map((to) => to.toLowerCase()).includes(address));
  return Promise.all(mine.map((received) => simpleParser(received.raw)));
}

async function setEmails(on: boolean) {
  const answer = await admin.send('PUT', '/api/settings/organisation', { body: { accessRequestEmails: on } });
  expect(answer.status, answer.text).toBe(200);
}

describe('admins hear of new access requests', () => {
  it('each admin gets one email listing the new requests, without what the requesters wrote; the next run sends nothing', async () => {
    await setEmails(true);
    const first = person('Acme Recruiting');
    const second = person();
    await file(first);
    await file(second);
    const before = sink.received.length;
    expect(await run()).toMatchObject({ requests: 2, sent: 1, failed: 0 });
    const [email] = await mailTo(adminEmail, before);
    expect(email.subject).toBe('New access requests: 2');
    expect(email.text).toContain(`${first.name} <${first.email}>, Acme Recruiting`);
    expect(email.text).toContain(`${second.name} <${second.email}>\n`);
    expect(email.text).toContain(`Read their messages, then approve or reject them: ${app.config.publicUrl}/app/admin?tab=access-requests`);
    expect(email.text).not.toContain('Please let me in');
    expect(email.headers.get('auto-submitted')).toBe('auto-generated');
    expect(email.headers.get('list-unsubscribe')).toBeUndefined();

    expect(await run()).toMatchObject({ requests: 0, sent: 0 });
    expect(sink.received.length).toBe(before + 1);
  });

  it('in the admin\'s language', async () => {
    await setEmails(true);
    await app.pools.owner.query("update public.profiles set language = 'nl' where username = 'admin'");
    try {
      const asking = person('Bakkerij De Korst');
      await file(asking);
      const before = sink.received.length;
      expect(await run()).toMatchObject({ requests: 1, sent: 1 });
      const [email] = await mailTo(adminEmail, before);
      expect(email.subject).toBe('Nieuwe toegangsverzoeken: 1');
      expect(email.text).toContain(`Deze mensen vroegen om een Talentloop-account:\n\n${asking.name} <${asking.email}>, Bakkerij De Korst`);
    } finally {
      await app.pools.owner.query("update public.profiles set language = null where username = 'admin'");
    }
  });

  it('sends nothing while switched off; the requests filed meanwhile come once it is on', async () => {
    await setEmails(false);
    const asking = person();
    try {
      await file(asking);
      expect(await run()).toMatchObject({ waiting: 'switched_off', requests: 0, sent: 0 });
    } finally {
      await setEmails(true);
    }
    const before = sink.received.length;
    expect(await run()).toMatchObject({ requests: 1, sent: 1 });
    expect((await mailTo(adminEmail, before))[0].text).toContain(asking.email);
  });

  it('tries again on the next run when no admin could be emailed', async () => {
    await setEmails(true);
    const asking = person();
    await file(asking);
    sink.refuse(adminEmail, 451, 1);
    expect(await run()).toMatchObject({ requests: 1, sent: 0, failed: 1 });
    const before = sink.received.length;
    expect(await run()).toMatchObject({ requests: 1, sent: 1, failed: 0 });
    expect((await mailTo(adminEmail, before))[0].text).toContain(asking.email);
  });

  it('skips an admin who turned staff emails off in their profile; the other admins still get it', async () => {
    await setEmails(true);
    const tag = uniqueTag().toLowerCase();
    const other = { username: `admin_${tag}`, email: `second.admin.${tag}@example.org` };
    const created = await admin.post('/api/admin/users', {
      ...other, displayName: `Second Admin ${tag}`, password: 'a-long-password-1', role: 'admin',
    });
    expect(created.status, created.text).toBe(201);
    const off = await admin.send('PUT', '/api/settings/profile', { body: { staffEmails: false } });
    expect(off.status, off.text).toBe(200);
    expect(off.json).toMatchObject({ staffEmails: false });
    try {
      const asking = person();
      await file(asking);
      const before = sink.received.length;
      expect(await run()).toMatchObject({ requests: 1, sent: 1, failed: 0 });
      expect(await mailTo(adminEmail, before)).toHaveLength(0);
      expect((await mailTo(other.email, before))[0].text).toContain(asking.email);
    } finally {
      const on = await admin.send('PUT', '/api/settings/profile', { body: { staffEmails: true } });
      expect(on.status, on.text).toBe(200);
      await app.pools.owner.query('update public.profiles set banned = true where username = $1', [other.username]);
    }
    expect((await admin.get('/api/settings/profile')).json).toMatchObject({ staffEmails: true });
  });

  it('links to the tab the Admin Portal opens for ?tab=access-requests', () => {
    expect(ACCESS_REQUESTS_TAB_PATH).toBe(adminTabHref('access-requests'));
  });
});

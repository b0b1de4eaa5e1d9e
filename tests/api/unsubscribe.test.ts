// One-click unsubscribe (RFC 8058): a POST without sign-in withdraws email
// consent through the ledger; a GET (what link scanners do) only shows the
// confirmation page and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { ORIGIN } from '../support/constants.ts';
import { newCandidate } from '../support/test-data.ts';

let app: TestApp;
let recruiter: TestClient;

beforeAll(async () => {
  app = await startTestApp({ config: { openai: NO_AI, ...OUTBOX_MAIL } });
  recruiter = app.client({ ip: '10.23.0.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => { await app?.close(); });

/** The token the email's links carry (List-Unsubscribe and the footer link). */
async function mailTo(candidateId: number) {
  const created = await recruiter.post(`/api/candidates/${candidateId}/messages`, { subject: 'Hello', content: 'A role for you', channel: 'email' });
  expect(created.status).toBe(201);
  const { rows } = await app.pools.owner.query<{ reply_token: string }>('select reply_token from public.messages where id = $1',
    [(created.json as { message: { id: number } }).message.id]);
  return rows[0].reply_token;
}

// What a mail provider sends: no cookies, no Origin, a form body.
const oneClick = (token: string) => app.api.request(`${ORIGIN}/api/unsubscribe/${token}`, {
  method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click',
});
const ledger = async (candidateId: number) => (await app.pools.owner.query<{ source: string; granted: boolean }>(
  `select source, granted from public.consent_events where candidate_id = $1 and channel = 'email' order by id`, [candidateId])).rows;

describe('unsubscribe links', () => {
  it('GET shows a confirmation page with a button that POSTs, and unsubscribes no one', async () => {
    const { id } = await newCandidate(recruiter);
    const token = await mailTo(id);
    for (const method of ['GET', 'HEAD']) {
      const response = await app.api.request(`${ORIGIN}/api/unsubscribe/${token}`, { method });
      expect(response.status).toBe(200);
      if (method === 'GET') {
        const html = await response.text();
        expect(html).toContain(`<form method="post" action="/api/unsubscribe/${token}">`);
        expect(html).toContain('<button type="submit">Unsubscribe</button>');
      }
    }
    expect(await ledger(id)).toEqual([{ source: 'recruiter', granted: true }]);
    expect((await recruiter.post(`/api/candidates/${id}/messages`, { subject: 'Still', content: 'allowed', channel: 'email' })).status).toBe(201);
  });

  it('one-click POST needs no sign-in, writes the withdrawal to the consent ledger, and stops further email', async () => {
    const { id } = await newCandidate(recruiter);
    const token = await mailTo(id);
    const response = await oneClick(token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, status: 'unsubscribed' });
    expect(await ledger(id)).toEqual([{ source: 'recruiter', granted: true }, { source: 'one_click', granted: false }]);
    const refused = await recruiter.post(`/api/candidates/${id}/messages`, { subject: 'Hi', content: 'again', channel: 'email' });
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual({ error: 'Candidate unsubscribed', code: 'blockers.opted_out', field: 'channel' });

    const again = await oneClick(token);
    expect(await again.json()).toEqual({ success: true, status: 'already' });
    expect(await ledger(id)).toHaveLength(2);
    const page = await app.api.request(`${ORIGIN}/api/unsubscribe/${token}`);
    expect(await page.text()).toContain('You are unsubscribed');
  });

  it('the page button (a browser form POST) answers with a page', async () => {
    const { id } = await newCandidate(recruiter);
    const token = await mailTo(id);
    const response = await app.api.request(`${ORIGIN}/api/unsubscribe/${token}`, {
      method: 'POST', body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml', origin: ORIGIN },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('You are unsubscribed');
    expect((await ledger(id)).at(-1)).toEqual({ source: 'unsubscribe_link', granted: false });
  });

  it('an unknown or malformed token is a 404 and changes nothing', async () => {
    const unknown = await oneClick('0'.repeat(24));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Unsubscribe link not found', code: 'unsubscribe_link_not_found', field: 'token' });
    expect((await oneClick('not-a-token')).status).toBe(404);
    expect((await app.api.request(`${ORIGIN}/api/unsubscribe/${'f'.repeat(24)}`)).status).toBe(404);
  });
});

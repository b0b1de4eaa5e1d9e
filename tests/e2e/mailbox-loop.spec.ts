// The product's core loop through a recruiter's own Microsoft 365 mailbox (issue 28, decision 039), as the
// recruiter sees it: a message sent from the candidate drawer leaves their mailbox (the fake Graph records
// the sendMail), the candidate's answer lands in that inbox, the worker's sync picks it up, and the thread
// shows it "Received in" that mailbox; Settings → Integrations shows the mailbox as syncing.
// The shared e2e server has no Graph: this spec starts its own `node server.ts` (embedded PostgreSQL,
// the worker on, demo users) with the real Graph client pointed at the fake over https.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { freePort } from '#platform/runtime/ports.server.ts';
import { startFakeGraph, type FakeGraph } from '../support/fake-graph.ts';
import { assertBuilt, ROOT, startServerProcess, type RunningServer } from '../support/server-process.ts';
import { budget } from '../support/time-scale.ts';
import { newCandidate, uniqueTag } from './data.ts';
import { adminCode, expect, test } from './helpers.ts';

const RECRUITER_MAILBOX = 'recruiter@talentloop.local';
const DATA_DIR = path.join(ROOT, '.data', `e2e-mailbox-loop-${process.pid}`);

let graph: FakeGraph;
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(budget(120_000));
  assertBuilt();
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  graph = await startFakeGraph();
  // The server is another process: it trusts the fake's self-signed certificate through NODE_EXTRA_CA_CERTS.
  const ca = path.join(DATA_DIR, 'fake-graph.pem');
  writeFileSync(ca, graph.cert);
  const pgPort = await freePort();
  server = await startServerProcess({
    databaseUrl: '', dataDir: DATA_DIR,
    env: (url) => ({
      WORKER: 'on', SEED_DEMO_DATA: 'on', EMBEDDED_PG_PORT: String(pgPort), PUBLIC_URL: url,
      NODE_EXTRA_CA_CERTS: ca, MS_TENANT_ID: graph.config.tenantId!, MS_CLIENT_ID: graph.config.clientId!,
      MS_CLIENT_SECRET: graph.config.clientSecret!, MS_MAILBOX: 'recruiting@talentloop.local',
      MS_AUTHORITY_HOST: graph.url, MS_GRAPH_BASE_URL: graph.url, MS_MAIL_SYNC_SECONDS: '2',
    }),
  });
});
test.afterAll(async () => {
  await server?.stop();
  await graph?.close();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

/** A page of its own context on this spec's server, signed in as `username`. */
async function signedIn(browser: Browser, username: 'recruiter' | 'admin'): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(`${username}-demo-password`);
  await page.getByRole('button', { name: 'Sign In' }).click();
  if (username === 'admin') {
    await expect(page).toHaveURL(/\/verify-2fa/);
    await page.getByLabel('Verification code').fill(adminCode());
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(page).toHaveURL(/\/app$/);
  return page;
}

test('a message leaves the recruiter\'s mailbox, the candidate\'s answer comes back into the thread', async ({ browser }) => {
  test.setTimeout(budget(150_000));
  const admin = await signedIn(browser, 'admin');
  const saved = await admin.request.put('/api/settings/organisation', { data: { sendFrom: 'recruiter' }, headers: { origin: server.url } });
  expect(saved.status()).toBe(200);
  await admin.context().close();

  const page = await signedIn(browser, 'recruiter');
  const person = await newCandidate(page, { name: `Mailbox Loop ${uniqueTag()}` });
  const subject = `A role for you ${uniqueTag()}`;
  await page.goto(`/app/people?candidate=${person.id}`);
  await expect(page.getByTestId('candidate-messages').getByText('No messages yet.')).toBeVisible({ timeout: budget(30_000) });
  await page.getByRole('button', { name: 'Send message', exact: true }).click();
  const compose = page.getByRole('dialog', { name: 'Compose Message' });
  await compose.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await compose.getByRole('textbox', { name: 'Message' }).fill('Hi, a role at a scale-up. Shall we talk?');
  await compose.getByRole('button', { name: 'Send message', exact: true }).click();
  await expect(page.getByText('Your message has been sent successfully.')).toBeVisible();

  // The worker sends it through the recruiter's own mailbox; the fake keeps the MIME, and with it the Message-ID.
  await expect.poll(() => graph.sent.filter((mail) => mail.mime.includes(person.email!)).length, { timeout: budget(20_000) }).toBe(1);
  const sent = graph.sent.find((mail) => mail.mime.includes(person.email!))!;
  expect(sent.mailbox).toBe(RECRUITER_MAILBOX);
  const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(sent.mime)?.[1];
  expect(messageId).toBeTruthy();

  const answer = 'Yes, I am very interested. Happy to talk next week!';
  graph.receive(RECRUITER_MAILBOX, [
    `From: ${person.name} <${person.email}>`, `To: ${RECRUITER_MAILBOX}`, `Subject: Re: ${subject}`,
    `Message-ID: <answer-${uniqueTag()}@mail.example.org>`, `In-Reply-To: ${messageId}`, `References: ${messageId}`,
    `Date: ${new Date().toUTCString()}`, 'Content-Type: text/plain; charset=utf-8', '', answer, '',
  ].join('\r\n'));

  const threads = await (await page.request.get(`/api/messages?candidateId=${person.id}`)).json() as { threads: Array<{ threadId: number }> };
  expect(threads.threads).toHaveLength(1);
  const thread = page.locator('[data-testid^="thread-message-"][data-direction="in"]').filter({ hasText: answer });
  // One sync brings the answer in: a mailbox never read before is first read by the worker's once-a-minute
  // mail-sync-schedule (then every MS_MAIL_SYNC_SECONDS); the page is reloaded until it shows.
  await expect(async () => {
    await page.goto(`/app/communications?thread=${threads.threads[0].threadId}`);
    await expect(thread).toBeVisible({ timeout: budget(3_000) });
  }).toPass({ timeout: budget(75_000) });
  await expect(thread.getByText(`Received in ${RECRUITER_MAILBOX}`)).toBeVisible();

  await page.goto('/app/settings?tab=integrations');
  const mailbox = page.getByTestId(`mailbox-${RECRUITER_MAILBOX}`);
  await expect(mailbox.getByText('Syncing', { exact: true })).toBeVisible();
  await expect(mailbox.getByText(/^Last sync: /)).toBeVisible();
});

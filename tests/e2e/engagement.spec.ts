// Engagement in the browser against the real server and worker (issue 11): a
// sent campaign's detail shows its funnel after the candidates open, click and
// reply (the real pixel and click URLs of the delivered mails, the outbox's
// "reply as the candidate"), and the dashboard shows the figures its API
// answers, with its charts drawn.
import type { Page } from '@playwright/test';
import { expect, openApp, recruiterSessionPerFile, test } from './helpers.ts';
import { newCandidate, newCandidates, newPool, uniqueTag } from './data.ts';
import type { CampaignDetail } from '#domain/campaigns/schemas.ts';
import type { Dashboard } from '#domain/dashboard/schemas.ts';
import { axisName, formatCount, formatRate } from '../../site/app/pages/dashboard/format.ts';
import { budget } from '../support/time-scale.ts';

recruiterSessionPerFile('engagement');

/** A person reading mail in a browser (not a scanner, proxy or script: domain/engagement/machine-opens.ts). */
const READER = { 'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36' };

const origin = (page: Page) => ({ origin: new URL(page.url()).origin });

interface Delivered { outboxId: number; pixel: string | undefined; firstLink: string | undefined }

/** The delivered mail to `email`: its open pixel and its first tracked link, as paths. */
async function deliveredTo(page: Page, email: string): Promise<Delivered> {
  let outboxId = 0;
  await expect.poll(async () => {
    const { emails } = await (await page.request.get('/api/outbox')).json() as { emails: Array<{ id: number; to: string }> };
    outboxId = emails.find((mail) => mail.to.includes(email))?.id ?? 0;
    return outboxId;
  }, { timeout: budget(30_000) }).toBeGreaterThan(0);
  const { html } = await (await page.request.get(`/api/outbox/${outboxId}`)).json() as { html: string };
  const pixel = /<img src="https?:\/\/[^/"]+(\/t\/o\/[0-9a-f]{32})"/.exec(html)?.[1];
  const firstLink = /href="https?:\/\/[^/"]+(\/t\/c\/[0-9a-f]{32}\?l=0)"/.exec(html)?.[1];
  return { outboxId, pixel, firstLink };
}

const campaignOf = async (page: Page, id: number) => (await (await page.request.get(`/api/campaigns/${id}`)).json()) as CampaignDetail;

test('a sent campaign\'s detail shows the funnel after opens, a click and a reply', async ({ page }) => {
  test.slow(); // a real send through the worker, and opens that count only once the mail is 10 s old
  await openApp(page);
  const [opensAndClicks, opensOnly, replies] = await newCandidates(page, 3);
  const noAddress = await newCandidate(page, { email: null, phone: '+31612345678' });
  const pool = await newPool(page, [opensAndClicks.id, opensOnly.id, replies.id, noAddress.id]);
  const name = `Funnel ${uniqueTag()}`;
  const created = await page.request.post('/api/campaigns', {
    headers: origin(page),
    data: {
      name, campaignType: 'nurture', talentPoolId: pool.id, emailSubject: 'A role in Utrecht',
      emailContent: 'Hi {{firstName}}, the role: https://careers.example.org/roles/42', scheduledAt: new Date(Date.now() - 1000).toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaignId: number = (await created.json()).campaign.id;

  const [first, second, third] = await Promise.all([opensAndClicks, opensOnly, replies].map((person) => deliveredTo(page, person.email!)));
  for (const mail of [first, second, third]) {
    expect(mail.pixel, 'each mail has an open pixel').toBeTruthy();
    expect(mail.firstLink, 'each mail has its link tracked').toBeTruthy();
  }
  const replied = await page.request.post(`/api/outbox/${third.outboxId}/reply`,
    { data: { content: 'Yes, I would love to hear more about it!' }, headers: origin(page) });
  expect(replied.status()).toBe(201);
  // The candidates read the mail; a load within 10 s of delivery is taken for a scanner's (machine), so they
  // come back until their opens and the click count as a person's.
  await expect(async () => {
    for (const path of [first.pixel!, first.firstLink!, second.pixel!]) {
      const response = await page.request.get(path, { headers: READER, maxRedirects: 0 });
      expect(response.status()).toBeLessThan(400);
    }
    const { funnel } = await campaignOf(page, campaignId);
    expect(funnel).toMatchObject({ humanOpened: 2, clicked: 1 });
  }).toPass({ timeout: budget(60_000), intervals: [2_000] });

  await page.goto(`/app/communications/campaigns/${campaignId}`);
  const funnel = page.getByTestId('campaign-funnel');
  await expect(funnel.getByTestId('funnel-sent').getByTestId('funnel-figure')).toHaveText('3 · 100%');
  await expect(funnel.getByTestId('funnel-humanOpened').getByTestId('funnel-figure')).toHaveText('2 · 67%');
  await expect(funnel.getByTestId('funnel-clicked').getByTestId('funnel-figure')).toHaveText('1 · 33%');
  await expect(funnel.getByTestId('funnel-replied').getByTestId('funnel-figure')).toHaveText('1 · 33%');
  await expect(funnel.getByTestId('funnel-positive').getByTestId('funnel-figure')).toHaveText('1 · 33%');
  await expect(funnel.getByTestId('funnel-booked').getByTestId('funnel-figure')).toHaveText('0 · 0%');

  // Who did not get it, and why.
  const recipients = page.getByTestId('campaign-recipients');
  await expect(recipients.getByTestId(`recipient-${noAddress.id}`).getByTestId('recipient-reason')).not.toBeEmpty();
  await expect(recipients.getByTestId(`recipient-${replies.id}`)).toContainText('Yes (positive)');
});

test('the dashboard shows the figures its API answers, and draws its charts', async ({ page }) => {
  await openApp(page);
  // A mail in the period, answered by the candidate, who is in a talent pool: every chart has something to draw.
  const person = await newCandidate(page);
  await newPool(page, [person.id]);
  const sent = await page.request.post(`/api/candidates/${person.id}/messages`,
    { data: { subject: 'Dashboard E2E', content: 'Hi {{firstName}}', channel: 'email' }, headers: origin(page) });
  expect(sent.status()).toBe(201);
  const { outboxId } = await deliveredTo(page, person.email!);
  const replied = await page.request.post(`/api/outbox/${outboxId}/reply`, { data: { content: 'Sounds great, thank you!' }, headers: origin(page) });
  expect(replied.status()).toBe(201);

  // The worker may still be writing: read the API, then the page, until both tell the same.
  await expect(async () => {
    const answer = await (await page.request.get('/api/dashboard?period=30d&scope=me')).json() as Dashboard;
    expect(answer.kpis.sent).toBeGreaterThan(0);
    await page.goto('/app?period=30d&scope=me');
    const kpi = (key: string) => page.getByTestId(`kpi-${key}`).getByTestId('kpi-value');
    await expect(kpi('sent')).toHaveText(formatCount(answer.kpis.sent), { timeout: budget(5_000) });
    await expect(kpi('human-open-rate')).toHaveText(formatRate(answer.kpis.humanOpenRate), { timeout: budget(1_000) });
    await expect(page.getByTestId('raw-open-rate')).toHaveText(formatRate(answer.kpis.rawOpenRate), { timeout: budget(1_000) });
    await expect(kpi('click-rate')).toHaveText(formatRate(answer.kpis.clickRate), { timeout: budget(1_000) });
    await expect(kpi('reply-rate')).toHaveText(formatRate(answer.kpis.replyRate), { timeout: budget(1_000) });
    await expect(kpi('positive-reply-share')).toHaveText(formatRate(answer.kpis.positiveReplyShare), { timeout: budget(1_000) });
    await expect(kpi('meetings-booked')).toHaveText(formatCount(answer.kpis.meetingsBooked), { timeout: budget(1_000) });
    await expect(kpi('unsubscribes')).toHaveText(formatCount(answer.kpis.unsubscribes), { timeout: budget(1_000) });
  }).toPass({ timeout: budget(45_000) });

  // The charts are drawn (their code loads after the figures): each has its drawing surface with marks on it.
  for (const chart of ['activity', 'sentiment', 'bands-by-pool']) {
    const surface = page.getByTestId(`${chart}-chart`).locator('svg.recharts-surface').first();
    await expect(surface).toBeVisible({ timeout: budget(15_000) });
    await expect(surface.locator('path').first()).toBeAttached();
  }
  // Every talent pool has its name on the bar chart's axis (recharts skips names it finds crowded unless told not to).
  await expect(async () => {
    const pools = ((await (await page.request.get('/api/dashboard?period=30d&scope=me')).json()) as Dashboard).bandsByPool;
    expect(pools.length).toBeGreaterThan(0);
    await page.reload();
    const names = page.getByTestId('bands-by-pool-chart').locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
    await expect(names).toHaveCount(pools.length, { timeout: budget(5_000) });
    // A long name wraps onto two lines (a tspan each).
    expect(await names.evaluateAll((texts) => texts.map((text) => [...text.querySelectorAll('tspan')].map((line) => line.textContent).join(' '))))
      .toEqual(pools.map((pool) => axisName(pool.name)));
  }).toPass({ timeout: budget(30_000) });
  // The drawings arrive without moving anything: held back, each has a box of its height; the cards below stay put.
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  const drawings = /\/ChartDrawings\.[\w-]+\.js$/;
  await page.route(drawings, async (route) => { await held; await route.continue(); });
  await page.goto('/app?period=30d&scope=me');
  await expect(page.getByTestId('chart-loading').first()).toBeVisible();
  const before = await page.getByTestId('needs-reply').boundingBox();
  release();
  await expect(page.getByTestId('bands-by-pool-chart').locator('svg.recharts-surface').first()).toBeVisible({ timeout: budget(15_000) });
  await expect(page.getByTestId('chart-loading')).toHaveCount(0);
  expect(await page.getByTestId('needs-reply').boundingBox()).toEqual(before);
  await page.unroute(drawings);

  // Each figure links to the list behind it: the sent card opens the campaigns.
  await page.getByTestId('kpi-sent').click();
  await expect(page).toHaveURL(/\/app\/communications\?tab=campaigns/);
});

test('a scheduled campaign is paused, resumed and cancelled from its detail', async ({ page }) => {
  await openApp(page);
  const [person] = await newCandidates(page, 1);
  const pool = await newPool(page, [person.id]);
  const created = await page.request.post('/api/campaigns', {
    headers: origin(page),
    data: { name: `Control ${uniqueTag()}`, campaignType: 'nurture', talentPoolId: pool.id, emailSubject: 'Later',
      emailContent: 'Hi {{firstName}}', scheduledAt: new Date(Date.now() + 86_400_000).toISOString() },
  });
  expect(created.status()).toBe(201);
  const campaignId: number = (await created.json()).campaign.id;

  await page.goto(`/app/communications/campaigns/${campaignId}`);
  const detail = page.getByTestId('campaign-detail');
  const status = detail.getByTestId('campaign-status');
  await expect(status).toHaveText('scheduled');
  await detail.getByRole('button', { name: 'Pause' }).click();
  await expect(status).toHaveText('paused');
  await expect(detail.getByText('Paused: nothing more is sent until you resume it.')).toBeVisible();
  await detail.getByRole('button', { name: 'Resume' }).click();
  await expect(status).toHaveText('scheduled');
  await detail.getByRole('button', { name: 'Cancel campaign' }).click();
  await page.getByRole('dialog', { name: 'Cancel this campaign?' }).getByRole('button', { name: 'Cancel campaign' }).click();
  await expect(status).toHaveText('cancelled');
  await expect(detail.getByTestId('campaign-controls')).toBeHidden();
  // The API agrees: nothing will go out.
  expect((await campaignOf(page, campaignId)).status).toBe('cancelled');
});

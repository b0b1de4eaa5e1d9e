// State in the URL (decision 014): Back and Forward restore what the user saw,
// a copied URL opens the same view, the old paths redirect, unknown paths get
// the 404 page, and Cmd/Ctrl+K works as soon as the shell is on screen, before
// the palette's own code has loaded. Data comes from the real API.
import type { Page } from '@playwright/test';
import { expect, openApp, recruiterSessionPerFile, test } from './helpers.ts';
import { newCandidate, newCandidates, newPool, uniqueTag, uniqueWord } from './data.ts';

recruiterSessionPerFile('url-state');

const range = (page: Page) => page.getByTestId('candidate-range');
const searchField = (page: Page) => page.getByTestId('candidate-filters').getByLabel('Search');
const poolButton = (page: Page, name: string) => page.locator(`[data-testid="pool-item"][data-pool-name="${name}"] button[aria-pressed]`);
const nameHeader = (page: Page) => page.getByRole('columnheader', { name: /^Name/ });
const candidateDrawer = (page: Page) => page.getByTestId('candidate-detail');
const candidateDialog = (page: Page, name: string) => page.getByRole('dialog', { name });

test('People: filters, sort, page and the open candidate are in the URL; Back and Forward restore each; a copied URL opens the same view', async ({ page, context }) => {
  test.setTimeout(90_000);
  await openApp(page);
  const word = uniqueWord();
  // 60 people with this test's word: two pages of 50; 55 of them in the test's pool.
  const people = await newCandidates(page, 60, (i) => ({ name: `Person ${String(i).padStart(2, '0')} ${word}` }));
  const pool = await newPool(page, people.slice(0, 55).map((p) => p.id));

  await page.goto('/app/people');
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();

  // 1. Typed text reaches the URL once typing pauses.
  await searchField(page).fill(word);
  await expect(page).toHaveURL(`/app/people?q=${word}`);
  await expect(range(page)).toHaveText('1–50 of 60');
  // 2. A pool.
  await poolButton(page, pool.name).click();
  await expect(page).toHaveURL(`/app/people?q=${word}&talentPoolId=${pool.id}`);
  await expect(range(page)).toHaveText('1–50 of 55');
  // 3. Sorted by name, Z→A.
  await page.getByTestId('sort-name').click();
  await page.getByTestId('sort-name').click();
  await expect(page).toHaveURL(`/app/people?q=${word}&talentPoolId=${pool.id}&sort=name&dir=desc`);
  await expect(nameHeader(page)).toHaveAttribute('aria-sort', 'descending');
  // 4. Page 2: the last five of the pool, A→Z from the end: Person 05 … Person 01.
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(`/app/people?q=${word}&talentPoolId=${pool.id}&sort=name&dir=desc&page=2`);
  await expect(range(page)).toHaveText('51–55 of 55');
  // 5. A candidate.
  await page.getByTestId('candidate-row').first().getByRole('link', { name: `Person 05 ${word}` }).click();
  await expect(candidateDialog(page, `Person 05 ${word}`)).toBeVisible();
  await expect(candidateDrawer(page)).toBeVisible();
  const fullView = page.url();
  expect(fullView).toContain(`page=2&candidate=${people[4].id}`);

  // Back, one step at a time.
  await page.goBack();
  await expect(candidateDrawer(page)).toBeHidden();
  await expect(range(page)).toHaveText('51–55 of 55');
  await page.goBack();
  await expect(range(page)).toHaveText('1–50 of 55');
  await expect(nameHeader(page)).toHaveAttribute('aria-sort', 'descending');
  await page.goBack();
  await expect(nameHeader(page)).toHaveAttribute('aria-sort', 'ascending');
  await page.goBack();
  await expect(page).toHaveURL(`/app/people?q=${word}&talentPoolId=${pool.id}`);
  await expect(nameHeader(page)).not.toHaveAttribute('aria-sort', /ascending|descending/);
  await page.goBack();
  await expect(page).toHaveURL(`/app/people?q=${word}`);
  await expect(poolButton(page, pool.name)).toHaveAttribute('aria-pressed', 'false');
  await expect(range(page)).toHaveText('1–50 of 60');
  await page.goBack();
  await expect(page).toHaveURL('/app/people');
  await expect(searchField(page)).toHaveValue('');

  // Forward again, all the way.
  await page.goForward();
  await expect(searchField(page)).toHaveValue(word);
  await expect(range(page)).toHaveText('1–50 of 60');
  await page.goForward();
  await expect(poolButton(page, pool.name)).toHaveAttribute('aria-pressed', 'true');
  await page.goForward();
  await page.goForward();
  await expect(nameHeader(page)).toHaveAttribute('aria-sort', 'descending');
  await page.goForward();
  await expect(range(page)).toHaveText('51–55 of 55');
  await page.goForward();
  await expect(page).toHaveURL(fullView);
  await expect(candidateDialog(page, `Person 05 ${word}`)).toBeVisible();

  // The copied URL in a fresh page (same sign-in) opens the same view.
  const fresh = await context.newPage();
  await fresh.goto(fullView);
  await expect(candidateDialog(fresh, `Person 05 ${word}`)).toBeVisible();
  await expect(searchField(fresh)).toHaveValue(word);
  await expect(poolButton(fresh, pool.name)).toHaveAttribute('aria-pressed', 'true');
  await expect(nameHeader(fresh)).toHaveAttribute('aria-sort', 'descending');
  await expect(range(fresh)).toHaveText('51–55 of 55');
  await expect(fresh.getByTestId('candidate-row').first()).toContainText(`Person 05 ${word}`);
});

test('People: a hand-edited URL with values the page does not accept opens with the defaults', async ({ page }) => {
  await openApp(page);
  const word = uniqueWord();
  await newCandidates(page, 3, (i) => ({ name: `Edited ${i} ${word}` }));
  await page.goto(`/app/people?q=${word}&page=zero&sort=shoe-size&dir=sideways&candidate=-1`);
  await expect(page.getByTestId('candidate-row')).toHaveCount(3);
  await expect(range(page)).toHaveText('1–3 of 3');
  await expect(page).toHaveURL(`/app/people?q=${word}`);
  await expect(candidateDrawer(page)).toHaveCount(0);
});

test('Communications: a URL opens its tab, and a thread', async ({ page }) => {
  await openApp(page);
  const person = await newCandidate(page, { name: `Thread Person ${uniqueTag()}` });
  const subject = `URL thread ${uniqueTag()}`;
  const sent = await page.request.post(`/api/candidates/${person.id}/messages`, {
    data: { subject, content: 'Opened by its URL.', channel: 'email' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(sent.status()).toBe(201);
  const { message } = await sent.json() as { message: { threadId: number } };

  await page.goto(`/app/communications?thread=${message.threadId}`);
  await expect(page.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
  const view = page.getByTestId('thread-view');
  await expect(view.getByRole('heading', { name: subject })).toBeVisible();
  await expect(view).toContainText('Opened by its URL.');

  await page.goto('/app/communications?tab=outbox');
  await expect(page.getByRole('tab', { name: 'Dev outbox' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Campaigns' }).click();
  await expect(page).toHaveURL('/app/communications?tab=campaigns');
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Dev outbox' })).toHaveAttribute('aria-selected', 'true');
});

test('the old paths redirect to Communications with their query, and a trailing slash is fine', async ({ page }) => {
  await openApp(page);
  await page.goto('/app/campaigns?tab=campaigns');
  await expect(page).toHaveURL('/app/communications?tab=campaigns');
  await expect(page.getByRole('tab', { name: 'Campaigns' })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/app/messages');
  await expect(page).toHaveURL('/app/communications');
  await expect(page.getByRole('heading', { level: 1, name: 'Communications' })).toBeVisible();
  await page.goto('/app/people/');
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
});

test('an unknown /app path shows the 404 page inside the shell', async ({ page }) => {
  await openApp(page);
  await page.goto('/app/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL('/app');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('Ctrl+K pressed as soon as the shell is visible opens the palette (its code loads on demand), keeping what is typed meanwhile', async ({ page }) => {
  await openApp(page);
  const paletteChunk = /\/_astro\/CommandPalette\.[^/]+\.js$/;
  const paletteCode: string[] = [];
  page.on('request', (request) => { if (paletteChunk.test(request.url())) paletteCode.push(request.url()); });
  // The palette's code is held back until the name has been typed: what a slow connection does.
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(paletteChunk, async (route) => { await held; await route.continue(); });
  await page.goto('/app');
  await expect(page.getByTestId('search-button')).toBeVisible();
  expect(paletteCode).toEqual([]);
  await page.keyboard.press('Control+K');
  await page.keyboard.type('anna');
  release();
  await expect(page.getByTestId('command-palette')).toBeVisible();
  const field = page.getByPlaceholder('Search candidates, campaigns and templates...');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('anna');
  expect(paletteCode).toHaveLength(1);
});

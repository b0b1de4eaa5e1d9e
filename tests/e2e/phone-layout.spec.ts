// The app on a 390 × 844 phone and on 1280/1440 px screens (issue 13, "Phone"):
// the user menu in the header, no page that scrolls sideways, a thread as its own
// view, the candidate drawer's actions always in view, toasts clear of a dialog's
// close button, and a People table that fits without scrolling at 1280 px and up.
import type { Locator, Page } from '@playwright/test';
import { candidateReplies, newCandidate, newPool, uniqueTag } from './data.ts';
import { expect, openApp, recruiterSessionPerFile, test } from './helpers.ts';
import { budget } from '../support/time-scale.ts';

recruiterSessionPerFile('phone-layout');

async function noSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scrollWidth, `${where} scrolls sideways`).toBeLessThanOrEqual(width);
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Opens Compose, sends with no recipient, and checks the "Missing Recipient" toast leaves the close button free. */
async function toastClearOfCloseButton(page: Page) {
  await page.goto('/app/communications');
  await page.getByRole('button', { name: 'Compose message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compose Message' });
  await dialog.getByLabel('Subject', { exact: false }).fill('Hello');
  await dialog.getByLabel(/^Message/).fill('Hello there');
  await dialog.getByRole('button', { name: 'Send message' }).click();
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Missing Recipient' });
  await expect(toast).toBeVisible();
  const close = dialog.locator('.mantine-Modal-close');
  expect(overlaps((await toast.boundingBox())!, (await close.boundingBox())!)).toBe(false);
  await close.click();
  await expect(dialog).toBeHidden();
}

/** How far the element reaches past the right edge of the page's main area (its padding included). */
async function pastMainArea(locator: Locator) {
  return locator.evaluate((element) => element.getBoundingClientRect().right - document.querySelector('main')!.getBoundingClientRect().right);
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header avatar opens the user menu: username, role, Settings and Sign Out', async ({ page }) => {
    await openApp(page);
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await page.getByRole('button', { name: /^Account: / }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByTestId('header-role')).toHaveText('recruiter');
    await expect(menu.getByRole('menuitem')).toHaveText(['Settings', 'Sign Out']);
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });

  test('no page scrolls sideways', async ({ page }) => {
    await openApp(page);
    await noSidewaysScroll(page, 'Dashboard');
    for (const [path, heading] of [['/app/people', 'People'], ['/app/meetings', 'Meetings'], ['/app/meeting-booking', 'Meeting booking'],
      ['/app/settings', 'Settings'], ['/app/communications', 'Communications']] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('progressbar').or(page.getByLabel(/^Loading/)).first()).toBeHidden();
      await noSidewaysScroll(page, path);
    }
    for (const tab of ['Campaigns', 'Dev outbox']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByLabel(/^Loading/).first()).toBeHidden();
      await noSidewaysScroll(page, `Communications, ${tab}`);
    }
  });

  test('People lists cards; a tapped thread opens as its own view, and Back returns to the list', async ({ page }) => {
    await openApp(page);
    const subject = `Phone thread ${uniqueTag()}`;
    await candidateReplies(page, subject, 'Sounds good, tell me more.');
    await page.goto('/app/people');
    await expect(page.getByTestId('candidate-cards')).toBeVisible();
    await expect(page.getByTestId('candidates-table')).toHaveCount(0);

    await page.goto('/app/communications');
    const item = page.getByTestId('thread-list').getByText(subject).first();
    await item.scrollIntoViewIfNeeded();
    // Its labels ("Needs reply", "1 unread", the sentiment) are read whole, never cut to "NEEDS R…".
    const row = page.getByTestId('thread-list').locator('[data-testid^="thread-row-"]', { hasText: subject });
    const labels = row.locator('.mantine-Badge-label');
    expect(await labels.count()).toBeGreaterThanOrEqual(2);
    for (const label of await labels.all()) {
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth), await label.innerText()).toBe(true);
    }
    await item.click();
    const thread = page.getByTestId('thread-view');
    await expect(thread.getByRole('heading', { name: subject })).toBeInViewport();
    await expect(page.getByTestId('thread-list')).toBeHidden();
    await page.getByRole('button', { name: 'Back to messages' }).click();
    await expect(page.getByTestId('thread-list')).toBeVisible();
    await expect(thread).toBeHidden();
  });

  test('the candidate drawer keeps Edit, Send booking link and Send message in view while it scrolls', async ({ page }) => {
    await openApp(page);
    const candidate = await newCandidate(page, { name: `Drawer Phone ${uniqueTag()}` });
    await page.goto(`/app/people?candidate=${candidate.id}`);
    const drawer = page.getByRole('dialog', { name: candidate.name });
    const footer = drawer.getByTestId('drawer-footer');
    await expect(drawer.getByTestId('candidate-detail')).toBeVisible();
    for (const name of ['Edit', 'Send booking link', 'Send message']) await expect(footer.getByRole('button', { name })).toBeInViewport();
    await drawer.getByTestId('consent-history').scrollIntoViewIfNeeded();
    for (const name of ['Edit', 'Send booking link', 'Send message']) await expect(footer.getByRole('button', { name })).toBeInViewport();
  });

  test('the candidate form sets the language with the keyboard alone, within the phone\'s width', async ({ page }) => {
    await openApp(page);
    const candidate = await newCandidate(page, { name: `Language Phone ${uniqueTag()}` });
    await page.goto(`/app/people?candidate=${candidate.id}`);
    const drawer = page.getByRole('dialog', { name: candidate.name });
    await expect(drawer.locator('[data-fact="Language"]')).toHaveText('Not known');
    await drawer.getByTestId('drawer-footer').getByRole('button', { name: 'Edit' }).click();
    const form = page.getByTestId('candidate-form');
    const language = form.getByLabel('Language', { exact: true });
    await language.focus();
    await expect(language).toHaveValue('Not known');
    // Within the phone's width once the form's drawer has slid in (it enters from the side).
    await expect.poll(async () => {
      const box = (await language.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= 390;
    }, { message: 'the Language field lies within 390 px' }).toBe(true);
    // Opened with the arrow key on "Not known", one up is "Dutch"; Enter picks it.
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name: 'Dutch' })).toBeVisible();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(language).toHaveValue('Dutch');
    await noSidewaysScroll(page, 'the candidate form');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('candidate-form')).toBeHidden();
    await expect(page.getByRole('dialog', { name: candidate.name }).locator('[data-fact="Language"]')).toHaveText('Dutch');
  });

  test('the Campaigns list is a card per campaign with its status, progress and results in view', async ({ page }) => {
    await openApp(page);
    const person = await newCandidate(page, { name: `Campaign Phone ${uniqueTag()}` });
    const pool = await newPool(page, [person.id]);
    const name = `Phone campaign ${uniqueTag()}`;
    const created = await page.request.post('/api/campaigns', {
      headers: { origin: new URL(page.url()).origin },
      data: { name, campaignType: 'nurture', talentPoolId: pool.id, language: 'english', emailSubject: 'Hello', emailContent: 'Hi there',
        messageTemplate: 'Hi there', scheduledAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(created.status()).toBe(201);
    await page.goto('/app/communications?tab=campaigns');
    const card = page.getByTestId('campaign-list').locator('[data-testid^="campaign-row-"]', { hasText: name });
    for (const part of [card.getByRole('link', { name }), card.getByTestId('campaign-status'), card.getByTestId('campaign-counts'), card.getByTestId('campaign-results')]) {
      await expect(part).toBeInViewport();
      expect(await pastMainArea(part)).toBeLessThanOrEqual(0);
    }
    await noSidewaysScroll(page, 'the campaigns list');
  });

  test('a campaign\'s page: Back to the list, and each recipient a card with what they did', async ({ page }) => {
    await openApp(page);
    const person = await newCandidate(page, { name: `Recipient Phone ${uniqueTag()}` });
    const pool = await newPool(page, [person.id]);
    const name = `Phone recipients ${uniqueTag()}`;
    const created = await page.request.post('/api/campaigns', {
      headers: { origin: new URL(page.url()).origin },
      data: { name, campaignType: 'nurture', talentPoolId: pool.id, language: 'english', emailSubject: 'Hello', emailContent: 'Hi there',
        messageTemplate: 'Hi there', scheduledAt: new Date(Date.now() - 1000).toISOString() },
    });
    expect(created.status()).toBe(201);
    await page.goto(`/app/communications/campaigns/${(await created.json()).campaign.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const card = page.getByTestId(`recipient-${person.id}`);
    await expect(card).toBeVisible({ timeout: budget(30_000) });
    await expect(card.getByTestId('recipient-results')).toHaveText('Opened: — · Clicked: — · Replied: — · Booked: —');
    await card.scrollIntoViewIfNeeded();
    expect(await pastMainArea(card)).toBeLessThanOrEqual(0);
    await noSidewaysScroll(page, 'a campaign\'s page');
    await page.getByRole('link', { name: 'All campaigns' }).click();
    await expect(page.getByTestId('campaign-list').getByRole('link', { name })).toBeVisible();
  });

  test('a toast does not cover the dialog\'s close button', async ({ page }) => {
    await openApp(page);
    await toastClearOfCloseButton(page);
  });
});

for (const width of [1280, 1440]) {
  test.describe(`at ${width} × 900`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the People table fits without scrolling sideways, and a toast does not cover a dialog\'s close button', async ({ page }) => {
      await openApp(page);
      const wide = await newCandidate(page, {
        name: `Wide Table ${uniqueTag()}`, jobFunction: 'Senior Backend Engineer', location: 'Amsterdam', seniorityLevel: 'senior',
        skillTags: ['TypeScript', 'PostgreSQL', 'Kubernetes', 'Distributed systems'],
        email: `a.very.long.address.for.the.table.${uniqueTag()}@recruiting-example-company.com`,
      });
      await page.goto('/app/people');
      const table = page.getByTestId('candidates-table');
      await expect(table.getByTestId('candidate-row').first()).toBeVisible();
      // Dense enough to scan: a row with four skills and a long address stays under 64 px (a dozen people fit),
      // and the address is one line, cut at its end rather than broken in the middle.
      const row = table.locator(`[data-candidate-id="${wide.id}"]`);
      expect((await row.boundingBox())!.height).toBeLessThanOrEqual(64);
      const address = row.getByText(wide.email!);
      expect(await address.evaluate((el) => el.getClientRects().length === 1 && el.getBoundingClientRect().height < 24)).toBe(true);
      await expect(address).toHaveAttribute('title', wide.email!);
      expect(await pastMainArea(table)).toBeLessThanOrEqual(0);
      await noSidewaysScroll(page, 'People');
      await toastClearOfCloseButton(page);
    });

    test('a toast does not cover the candidate\'s name in the drawer', async ({ page }) => {
      await openApp(page);
      const person = await newCandidate(page, { name: `Toast Clear ${uniqueTag()}` });
      await newPool(page, []);
      await page.goto(`/app/people?candidate=${person.id}`);
      const drawer = page.getByRole('dialog', { name: person.name });
      await drawer.getByTestId('drawer-footer').getByRole('button', { name: 'Add to pool' }).click();
      // The pool list with its search field fits the phone.
      await expect(page.getByRole('textbox', { name: 'Find a pool' })).toBeFocused();
      await noSidewaysScroll(page, 'the pool list');
      await page.getByRole('option').first().click();
      const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Added 1 candidate to the pool' });
      await expect(toast).toBeVisible();
      const name = drawer.getByRole('heading', { name: person.name });
      expect(overlaps((await toast.boundingBox())!, (await name.boundingBox())!)).toBe(false);
      expect(overlaps((await toast.boundingBox())!, (await drawer.locator('.mantine-Drawer-close').boundingBox())!)).toBe(false);
    });
  });
}

// axe-core on the public pages and a booking page at 1440 × 900 and at 390 × 844 (issue 13): any
// serious or critical finding fails; each test walks its states and fails once at the end with all
// findings, by rule and place. Every /app page, dialog, drawer and palette state, in English and in
// Dutch, is every-screen.spec.ts's. Also: the favicon is served, and the keyboard's focus is visible
// and kept in the palette.
import { A11yAudit } from './axe.ts';
import { newCandidate, uniqueTag } from './data.ts';
import { expect, openApp, recruiterSessionPerFile, test } from './helpers.ts';

recruiterSessionPerFile('a11y');

const SIZES = [
  { name: '1440×900', viewport: { width: 1440, height: 900 } },
  { name: '390×844', viewport: { width: 390, height: 844 } },
] as const;

test.describe('public pages', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  for (const size of SIZES) {
    test(`no serious findings at ${size.name}`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(size.viewport);
      const audit = new A11yAudit();
      for (const path of ['/', '/about', '/login', '/request-access', '/verify-2fa', '/no-such-page', '/book/no-such-token']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await audit.check(page, `${path} at ${size.name}`);
      }
      audit.expectClean();
    });
  }
});

test('a booking page has no serious findings at either size', async ({ page }) => {
  await openApp(page);
  const origin = new URL(page.url()).origin;
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { data, headers: { origin } });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return await response.json() as Record<string, unknown>;
  };
  const person = await newCandidate(page, { name: `Axe Booker ${uniqueTag()}` });
  const { meetingType } = await post('/api/meeting-types', {
    name: `Axe call ${uniqueTag()}`, durationMinutes: 30, description: 'A first conversation.', locationKind: 'teams', colour: 'teal',
  }) as { meetingType: { id: number } };
  try {
    const link = await post('/api/booking-links', { candidateId: person.id, meetingTypeId: meetingType.id }) as { token: string };
    const audit = new A11yAudit();
    for (const size of SIZES) {
      await page.setViewportSize(size.viewport);
      await page.goto(`/book/${link.token}`);
      await page.waitForLoadState('networkidle');
      await audit.check(page, `booking page at ${size.name}`);
    }
    audit.expectClean();
  } finally {
    // The demo recruiter's meeting types are the other specs' too: one more would turn their "Send booking link" into a choice.
    await page.goto('/app');
    expect((await page.request.delete(`/api/meeting-types/${meetingType.id}`, { headers: { origin } })).ok()).toBe(true);
  }
});

test('app pages link the favicon, and the browser asks for nothing that is missing', async ({ page }) => {
  const missing: string[] = [];
  page.on('response', (response) => { if (response.status() === 404) missing.push(response.url()); });
  await openApp(page);
  const href = await page.locator('head link[rel="icon"]').getAttribute('href');
  const icon = await page.request.get(new URL(href!, page.url()).toString());
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  await page.waitForLoadState('networkidle');
  expect(missing).toEqual([]);
});

test('keyboard: focus is visible, and the palette traps focus and gives it back', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page);
  // The first stops from the top of the page each show an outline.
  for (let i = 0; i < 5; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      return { name: element.textContent?.trim() || element.getAttribute('aria-label') || element.tagName, outline: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(focused.outline, `focus outline of ${focused.name}`).not.toBe('none');
    expect(focused.width, `focus outline of ${focused.name}`).toBeGreaterThan(0);
  }

  const search = page.getByTestId('search-button');
  await search.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('command-palette') });
  await expect(dialog).toBeVisible();
  await expect(page.getByPlaceholder('Search candidates, campaigns and templates...')).toBeFocused();
  for (let i = 0; i < 3; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(search).toBeFocused();

  // The compose dialog, opened from the keyboard the first time (its chunk loads then), gives focus back too.
  await page.goto('/app/communications');
  const composeButton = page.getByRole('button', { name: 'Compose message' });
  await composeButton.focus();
  await page.keyboard.press('Enter');
  const compose = page.getByRole('dialog', { name: 'Compose Message' });
  await expect(compose).toBeVisible();
  await expect.poll(() => compose.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(compose).toBeHidden();
  await expect(composeButton).toBeFocused();
});

// /app/theme-demo (issue 13): the design system on one page, with no serious axe
// finding in light or dark; the dark choice is kept and the whole app follows it;
// a toast of each variant; drawers of each size that trap focus and give it back.
import type { Page } from '@playwright/test';
import { A11yAudit } from './axe.ts';
import { expect, openApp, recruiterSessionPerFile, test } from './helpers.ts';

recruiterSessionPerFile('theme-demo');

const SIZES = [
  { name: '1440×900', viewport: { width: 1440, height: 900 } },
  { name: '390×844', viewport: { width: 390, height: 844 } },
] as const;

async function openThemeDemo(page: Page) {
  await page.goto('/app/theme-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Theme demo' })).toBeVisible();
  await expect(page).toHaveTitle('Theme demo · Talentloop');
}

/** Light or Dark in the page's colour scheme switch. */
const chooseScheme = (page: Page, name: 'Light' | 'Dark') =>
  page.getByRole('radiogroup', { name: 'Colour scheme' }).getByText(name, { exact: true }).click();

const scheme = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

for (const size of SIZES) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('light and dark both pass axe; dark is kept across a reload and on other pages', async ({ page }) => {
      test.setTimeout(60_000);
      await openApp(page);
      await openThemeDemo(page);
      const audit = new A11yAudit();
      expect(await scheme(page)).toBe('light');
      // Every pair the page shows reaches AA.
      const ratios = await page.getByTestId('contrast-ratio').allTextContents();
      expect(ratios.length).toBeGreaterThan(10);
      for (const ratio of ratios) expect(ratio).toMatch(/^\d+\.\d:1 AAA?$/);
      await audit.check(page, `theme demo, light, at ${size.name}`);

      await chooseScheme(page, 'Dark');
      await expect.poll(() => scheme(page)).toBe('dark');
      await audit.check(page, `theme demo, dark, at ${size.name}`);

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Theme demo' })).toBeVisible();
      expect(await scheme(page)).toBe('dark');
      await page.goto('/app/people');
      await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
      expect(await scheme(page)).toBe('dark');
      await page.goto('/app/theme-demo');
      await chooseScheme(page, 'Light');
      await expect.poll(() => scheme(page)).toBe('light');
      audit.expectClean();
    });

    test('a toast of each variant, each passing axe while shown', async ({ page }) => {
      test.setTimeout(60_000);
      await openApp(page);
      await openThemeDemo(page);
      const audit = new A11yAudit();
      for (const variant of ['Default', 'Destructive', 'Success', 'Warning', 'Info']) {
        await page.getByRole('button', { name: `Show ${variant.toLowerCase()} toast`, exact: true }).click();
        const shown = page.locator('.mantine-Notification-root').filter({ hasText: `${variant} toast` });
        await expect(shown).toBeVisible();
        // The toast alone: the page behind it passes axe in the test above.
        await audit.check(page, `${variant} toast at ${size.name}`, '.mantine-Notification-root');
        // Closed by its named close button, so it cannot sit over the next button.
        await shown.getByRole('button', { name: 'Close' }).click();
        await expect(shown).toBeHidden();
      }
      audit.expectClean();
    });
  });
}

test('drawers of each size: wider with each size, trap focus, close on Escape and give focus back', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page);
  await openThemeDemo(page);
  const audit = new A11yAudit();
  let previousWidth = 0;
  for (const size of ['sm', 'md', 'lg', 'xl']) {
    const opener = page.getByRole('button', { name: `Drawer ${size}`, exact: true });
    await opener.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: `Drawer ${size}` });
    await expect(drawer).toBeVisible();
    // Measured once its slide-in has settled.
    await expect.poll(async () => (await drawer.boundingBox())?.width ?? 0).toBeGreaterThan(previousWidth);
    previousWidth = (await drawer.boundingBox())!.width;
    await audit.check(page, `drawer ${size}`);
    // Tabbing around never leaves the drawer.
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(opener).toBeFocused();
  }
  audit.expectClean();
});

test('a dark choice is dark before the app has loaded: no white flash on a reload', async ({ page }) => {
  const cspErrors: string[] = [];
  page.on('console', (message) => { if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text()); });
  await openApp(page);
  // The page as it paints before any of the app's code runs: its scripts never arrive. The choice is written
  // once no app runs in the page, which would write back the language it shows (the recruiter's own).
  await page.route(/\.(js|mjs)(\?.*)?$/, (route) => route.abort());
  await page.goto('/app/people');
  await page.evaluate(() => { localStorage.setItem('talentloop-color-scheme', 'dark'); localStorage.setItem('talentloop.language', 'nl'); });
  await page.reload();
  expect(await scheme(page)).toBe('dark');
  expect(await page.locator('html').getAttribute('lang')).toBe('nl');
  // The page's own policy allowed the inline script (and refused nothing else of ours).
  expect(cspErrors).toEqual([]);
  await page.unroute(/\.(js|mjs)(\?.*)?$/);
  await page.evaluate(() => { localStorage.removeItem('talentloop-color-scheme'); localStorage.removeItem('talentloop.language'); });
});

// Issue 31: an /app page paints the shell's frame before any script has run, names every file of its
// first load in its HTML (fetched in parallel, no module waterfall), and carries the session check in
// its own request (decision 044).
import { expect, signInRecruiter, test } from './helpers.ts';

test('with JavaScript off, a signed-in recruiter on /app sees the shell frame: logo and navigation', async ({ browser, page }) => {
  await signInRecruiter(page);
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  try {
    for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
      const slow = await context.newPage();
      await slow.setViewportSize(viewport);
      await slow.goto('/app');
      const frame = slow.locator('#app-static-frame');
      await expect(frame.getByText('Talentloop')).toBeVisible();
      // The desktop's sidebar, the phone's bottom bar: where the shell will put its navigation.
      await expect(frame.locator('nav')).toBeVisible({ visible: viewport.width > 768 });
      await expect(frame.locator('footer')).toBeVisible({ visible: viewport.width <= 768 });
      await slow.close();
    }
  } finally {
    await context.close();
  }
});

test('the /app HTML preloads the shell, the dashboard and all they import, and the app does not ask who is signed in', async ({ page }) => {
  await signInRecruiter(page);
  const html = await (await page.request.get('/app')).text();
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]);
  const island = /component-url="([^"]+)"[^>]*renderer-url="([^"]+)"/.exec(html);
  expect(island).not.toBeNull();
  expect(preloads).toEqual(expect.arrayContaining([island![1], island![2], expect.stringMatching(/\/DashboardPage\.[\w-]+\.js$/)]));
  // No module waterfall: every file a preloaded file imports before it runs is preloaded too (lazy imports are not).
  for (const file of preloads) {
    const code = await (await page.request.get(file)).text();
    const imports = [...code.matchAll(/(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+)["']/g)]
      .map((match) => new URL(match[1], new URL(file, 'http://x')).pathname);
    expect(imports.filter((imported) => !preloads.includes(imported)), `${file} imports`).toEqual([]);
  }

  const sessionChecks: string[] = [];
  page.on('request', (request) => { if (new URL(request.url()).pathname === '/api/auth/me') sessionChecks.push(request.url()); });
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('#app-static-frame')).toHaveCount(0);
  expect(sessionChecks).toEqual([]);
});

test('a signed-out visitor gets the sign-in page from the server, without the app loading first', async ({ page }) => {
  const response = await page.request.get('/app/meetings?view=past', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('/login?next=%2Fapp%2Fmeetings%3Fview%3Dpast');
});

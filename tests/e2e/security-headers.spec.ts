// The Content-Security-Policy in a real browser: every kind of page works under
// it with no violation (the shared fixture in helpers.ts fails a test on any),
// while injected inline code and framing by another page are refused.
import { expect, signInRecruiter, test } from './helpers.ts';

test('public pages, the 404 and the unsubscribe page load under their policies', async ({ page }) => {
  for (const path of ['/', '/login', '/request-access', '/verify-2fa', '/about']) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
  }
  expect((await page.goto('/no-such-page'))?.status()).toBe(404);
  // The unsubscribe page's own stylesheet is allowed by its hash: the page is styled.
  expect((await page.goto('/unsubscribe/000000000000000000000000'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(248, 250, 252)');
});

test('the app runs under its policy, and injected inline code is refused', async ({ page, cspViolations }) => {
  await signInRecruiter(page);
  await page.goto('/app/people');
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  // Mantine's own <style> elements carry the page's nonce and apply.
  expect(await page.locator('style[data-mantine-styles]').count()).toBeGreaterThan(0);
  expect(cspViolations).toEqual([]);

  const injected = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injectedRan = true';
    document.body.append(script);
    const style = document.createElement('style');
    style.textContent = 'body { background: rgb(255, 0, 0) !important }';
    document.head.append(style);
    return { ran: 'injectedRan' in window, background: getComputedStyle(document.body).backgroundColor };
  });
  expect(injected.ran).toBe(false);
  expect(injected.background).not.toBe('rgb(255, 0, 0)');
  await expect.poll(() => cspViolations.join('\n')).toMatch(/script-src/);
  await expect.poll(() => cspViolations.join('\n')).toMatch(/style-src/);
  cspViolations.length = 0; // provoked on purpose
});

test('no page of ours can be framed by another page', async ({ page, baseURL, cspViolations }) => {
  expect(cspViolations).toEqual([]);
  await page.setContent(`<iframe src="${baseURL}/login"></iframe><iframe src="${baseURL}/app"></iframe>`);
  await expect.poll(() => cspViolations.filter((v) => v.includes('frame-ancestors')).length).toBe(2);
  for (const frame of page.frames().slice(1)) {
    expect(await frame.locator('body').innerText().catch(() => '')).not.toContain('Sign In');
  }
  cspViolations.length = 0; // provoked on purpose
});

import { expect, signInAdmin, signInRecruiter, test } from './helpers.ts';
import { budget } from '../support/time-scale.ts';

test('a signed-out visitor on /app/people is sent to /login', async ({ page }) => {
  await page.goto('/app/people');
  await expect(page).toHaveURL(/\/login\?next=%2Fapp%2Fpeople/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('a recruiter signs in and sees the shell without the Admin Portal', async ({ page }) => {
  await signInRecruiter(page);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toBeVisible();
  for (const name of ['Dashboard', 'People', 'Communications', 'Settings']) {
    await expect(sidebar.getByRole('link', { name })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Admin Portal' })).toHaveCount(0);
  await expect(page.getByTestId('sidebar-username')).toHaveText('recruiter');
  await expect(page.getByTestId('sidebar-role')).toContainText(/recruiter/i);
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();

  await sidebar.getByRole('link', { name: 'People' }).click();
  await expect(page).toHaveURL(/\/app\/people$/);
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
});

test('the spec routes: talent-pools shows People, campaigns go to communications, unknown shows 404', async ({ page }) => {
  await signInRecruiter(page);
  await page.goto('/app/talent-pools');
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await page.goto('/app/campaigns');
  await expect(page).toHaveURL(/\/app\/communications$/);
  await page.goto('/app/messages');
  await expect(page).toHaveURL(/\/app\/communications$/);
  await page.goto('/app/no-such-page');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('a recruiter gets Access Denied on /app/admin and is sent back to /app', async ({ page }) => {
  await signInRecruiter(page);
  await page.goto('/app/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page. Admin privileges are required.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/app$/, { timeout: budget(6000) });
});

test('the admin signs in through two-factor and opens the Admin Portal', async ({ page }) => {
  await signInAdmin(page);
  await page.getByRole('link', { name: 'Admin Portal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Portal' })).toBeVisible();
  await expect(page.getByTestId('user-row-recruiter')).toBeVisible();
  await page.getByRole('tab', { name: 'Access requests' }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
});

test('sign out returns to the landing page and ends the session', async ({ page }) => {
  await signInRecruiter(page);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/app');
  await expect(page).toHaveURL(/\/login/);
});

test.describe('on a 390 px wide phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the bottom bar has 4 items and the sidebar is hidden', async ({ page }) => {
    await signInRecruiter(page);
    const bar = page.getByRole('navigation', { name: 'Mobile navigation' });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link')).toHaveCount(4);
    await expect(page.getByTestId('sidebar')).toBeHidden();
  });

  test('the header search button opens the command palette', async ({ page }) => {
    await signInRecruiter(page);
    await page.getByRole('button', { name: 'Open search' }).click();
    await expect(page.getByPlaceholder('Search candidates, campaigns and templates...')).toBeVisible();
  });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the admin\'s users are cards whose role and actions stay in view', async ({ page }) => {
    await signInAdmin(page);
    await page.goto('/app/admin');
    const card = page.getByTestId('user-row-recruiter');
    await expect(card).toBeVisible();
    for (const control of [card.getByRole('combobox', { name: 'Role of recruiter' }), card.getByRole('button', { name: /^(Ban|Unban) recruiter$/ })]) {
      await expect(control).toBeInViewport({ ratio: 1 });
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

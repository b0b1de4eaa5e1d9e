import { expect, test } from './helpers.ts';

test('the landing page loads no script and links to sign-in and access requests', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Request Access' })).toHaveAttribute('href', '/request-access');
  await expect(page.getByText('0-100%').first()).toBeVisible();
  expect(await page.locator('script').count()).toBe(0);
  expect(scripts).toEqual([]);
});

test('the about page is served', async ({ page }) => {
  const response = await page.goto('/about');
  expect(response?.status()).toBe(200);
  await expect(page.locator('h1')).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page not found')).toBeVisible();
});

test('the login screen has the spec texts and validates both fields', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Need access? Contact your administrator')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  await page.getByLabel('Username').fill('recruiter');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter both username and password')).toBeVisible();
});

test('a wrong password shows the Login Failed toast with the server message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill('recruiter');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.locator('.toast-title')).toHaveText('Login Failed');
  await expect(page.locator('.toast-description')).toHaveText('Invalid username or password');
  await expect(page).toHaveURL(/\/login/);
});

test('a visitor requests access', async ({ page }) => {
  await page.goto('/request-access');
  await page.locator('#name').fill('Eva Smit');
  await page.locator('#email').fill('eva@bureau.example');
  await page.locator('#company').fill('Bureau');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Request received')).toBeVisible();
});

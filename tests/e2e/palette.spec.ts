// The command palette (spec §2, §4, §5), driven by the keyboard only, against
// the real search API, with candidates each test makes for itself.
import type { Page } from '@playwright/test';
import { expect, openApp, recruiterSessionPerFile, test } from './helpers.ts';
import { newCandidate, newPool, uniqueWord } from './data.ts';

const PLACEHOLDER = 'Search candidates, campaigns and templates...';

const palette = (page: Page) => page.getByTestId('command-palette');
const searchField = (page: Page) => page.getByPlaceholder(PLACEHOLDER);
const results = (page: Page) => page.getByTestId('palette-result');
const highlighted = (page: Page) => page.locator('[data-testid="palette-result"][aria-selected="true"]');

// One sign-in for the file (the run shares one address's sign-in budget).
recruiterSessionPerFile('palette');

/** Signed in with the shell on screen (the shortcut listener lives in the shell). */
async function signedIn(page: Page) {
  await openApp(page);
  await expect(page.getByTestId('search-button')).toBeVisible();
}

test('keyboard only: Control+K, type, Down/Up clamped, Enter lands on the page, Escape closes', async ({ page }) => {
  await signedIn(page);
  // Three people only this test's word finds.
  const word = uniqueWord();
  for (const first of ['Anna', 'Bram', 'Carmen']) await newCandidate(page, { name: `${first} ${word}` });
  await page.keyboard.press('Control+K');
  await expect(palette(page)).toBeVisible();
  await expect(searchField(page)).toBeFocused();
  await expect(page.getByText('Start typing to search across the product')).toBeVisible();
  await expect(page.getByText('Try "create campaign"')).toBeVisible();

  // One character: still the hint, no search.
  await page.keyboard.type(word[0]);
  await expect(page.getByText('Start typing to search across the product')).toBeVisible();
  await page.keyboard.type(word.slice(1));
  await expect(results(page)).toHaveCount(3);
  const count = await results(page).count();
  expect(count).toBeGreaterThan(2);
  await expect(page.getByTestId('palette-count')).toHaveText(`${count} results`);

  // The first result starts highlighted; Up at the top stays there.
  await expect(highlighted(page)).toHaveCount(1);
  await expect(results(page).nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(results(page).nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(results(page).nth(2)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(results(page).nth(1)).toHaveAttribute('aria-selected', 'true');

  // Down past the end stays on the last result.
  for (let i = 0; i < count + 2; i++) await page.keyboard.press('ArrowDown');
  await expect(results(page).nth(count - 1)).toHaveAttribute('aria-selected', 'true');
  for (let i = 0; i < count; i++) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowDown');

  // Enter opens the highlighted candidate.
  const chosen = highlighted(page);
  const title = (await chosen.locator('.mantine-Spotlight-actionLabel').textContent())?.trim();
  expect(title).toBeTruthy();
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  await expect(page).toHaveURL(/\/app\/people\?candidate=\d+$/);
  await expect(page.getByRole('dialog').getByRole('heading', { name: title! })).toBeVisible();

  // Reopening starts empty; Escape closes.
  await page.keyboard.press('Escape'); // closes the candidate drawer
  await expect(page.getByTestId('candidate-detail')).toBeHidden();
  await page.keyboard.press('Control+K');
  await expect(searchField(page)).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
});

test('an action result navigates with Enter; no results says so', async ({ page }) => {
  await signedIn(page);
  await page.keyboard.press('Control+K');
  await expect(searchField(page)).toBeFocused();
  await page.keyboard.type('zzqxv');
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(page.getByText('Try a different search term')).toBeVisible();
  await searchField(page).fill('');
  await page.keyboard.type('add candidate');
  const action = results(page).filter({ hasText: 'Add candidate' });
  await expect(action).toHaveCount(1);
  const titles = await results(page).allTextContents();
  const index = titles.findIndex((text) => text.startsWith('Add candidate'));
  for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
  await expect(action).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/people\?action=add-candidate$/);
  await expect(page.getByTestId('candidate-form')).toBeVisible();
});

test('Control+K toggles, the Search button opens, and typing in an input does not open it', async ({ page }) => {
  await signedIn(page);
  await page.getByTestId('search-button').click();
  await expect(palette(page)).toBeVisible();
  await page.keyboard.press('Control+K');
  await expect(palette(page)).toBeHidden();
  await page.keyboard.press('Control+K');
  await expect(palette(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();

  await page.goto('/app/people');
  const filter = page.getByTestId('candidate-filters').getByLabel('Search');
  await filter.click();
  await page.keyboard.press('Control+K');
  await expect(palette(page)).toBeHidden();
  await expect(filter).toBeFocused();
});

test('the dialog is at most 42rem wide and the list at most 24rem high', async ({ page }) => {
  await signedIn(page);
  const word = uniqueWord();
  await newCandidate(page, { name: `Daan ${word}` });
  await page.keyboard.press('Control+K');
  await expect(searchField(page)).toBeFocused();
  await page.keyboard.type(word);
  await expect(results(page).first()).toBeVisible();
  const dialog = page.getByRole('dialog');
  const width = await dialog.evaluate((el) => el.getBoundingClientRect().width);
  const rem = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  expect(width).toBeLessThanOrEqual(42 * rem + 0.5);
  const list = page.getByRole('listbox', { name: 'Search results' });
  const height = await list.evaluate((el) => el.getBoundingClientRect().height);
  expect(height).toBeLessThanOrEqual(24 * rem + 0.5);
});

test('finds a candidate by skill and place, and a talent pool by name; Enter opens each', async ({ page }) => {
  await signedIn(page);
  const skill = uniqueWord().toLowerCase();
  const person = await newCandidate(page, { name: `Noor ${uniqueWord()}`, jobFunction: 'Data Engineer', skillTags: [skill, 'python'], location: 'Amsterdam' });
  await page.keyboard.press('Control+K');
  await expect(searchField(page)).toBeFocused();
  await page.keyboard.type(`${skill} amsterdam`);
  // One candidate, first. A demo pool may follow: "Sales Amsterdam" is like a query whose random skill starts with "s".
  await expect(results(page).filter({ has: page.locator('svg[data-icon="User"]') })).toHaveCount(1);
  await expect(results(page).first()).toContainText(person.name);
  await expect(results(page).first()).toContainText('Data Engineer · Amsterdam');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/people\\?candidate=${person.id}$`));
  await expect(page.getByRole('dialog').getByRole('heading', { name: person.name })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('candidate-detail')).toBeHidden();

  const pool = await newPool(page, [person.id], `${uniqueWord()} Amsterdam`);
  await page.keyboard.press('Control+K');
  await expect(searchField(page)).toBeFocused();
  await page.keyboard.type(pool.name.split(' ')[0]);
  const found = results(page).filter({ hasText: pool.name });
  await expect(found).toHaveCount(1);
  await expect(found.locator('svg[data-icon="Users"]')).toHaveCount(1);
  const titles = await results(page).allTextContents();
  for (let i = 0; i < titles.findIndex((text) => text.startsWith(pool.name)); i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/people\\?talentPoolId=${pool.id}$`));
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the palette fits the screen: full width below its 42rem cap', async ({ page }) => {
    await openApp(page); // the shell's Search button is in the desktop sidebar; Control+K works everywhere
    const word = uniqueWord();
    await newCandidate(page, { name: `Sem ${word}`, jobFunction: 'Customer Success Manager', location: 'Rotterdam' });
    await page.keyboard.press('Control+K');
    await expect(searchField(page)).toBeFocused();
    await page.keyboard.type(word);
    await expect(results(page).first()).toBeVisible();
    const box = await page.getByRole('dialog').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    // full width but for the modal's side margins
    expect(box!.width).toBeGreaterThan(390 * 0.8);
    const field = await searchField(page).boundingBox();
    expect(field!.x + field!.width).toBeLessThanOrEqual(390);
  });
});

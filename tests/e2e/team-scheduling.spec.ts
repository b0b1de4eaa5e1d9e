// Scheduling for a team (issue 29), the recruiter's side on a 390 px phone: a round-robin meeting type
// with a colleague (the demo admin) as second host, made with the keyboard in a dialog that does not
// scroll sideways, is listed with both hosts and its reminders; the meetings page filters by that host.
import type { Locator, Page } from '@playwright/test';
import { uniqueWord } from './data.ts';
import { expect, openApp, recruiterSessionPerFile, test } from './helpers.ts';

recruiterSessionPerFile('team-scheduling');

/** The demo users (demo/demo.server.ts): the recruiter signed in here and the admin, a colleague. */
const RECRUITER = 'Sam Jansen';
const COLLEAGUE = 'Anouk de Vries';

async function fitsSideways(locator: Locator, where: string) {
  const { scrollWidth, clientWidth } = await locator.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(scrollWidth, `${where} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

async function noSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scrollWidth, `${where} scrolls sideways`).toBeLessThanOrEqual(width);
}

test.use({ viewport: { width: 390, height: 844 } });

test('a recruiter makes a round-robin type with a colleague as host; it lists both hosts; meetings filter by host', async ({ page }) => {
  await openApp(page);
  const name = `Panel ${uniqueWord()}`;
  let typeId: number | null = null;
  try {
    await page.goto('/app/meeting-booking');
    await expect(page.getByRole('heading', { level: 1, name: 'Meeting booking' })).toBeVisible();
    await page.getByTestId('meeting-types').getByRole('button', { name: 'Add meeting type' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add meeting type' });
    await dialog.getByLabel('Name').fill(name);

    // Kind, hosts and distribution with the keyboard.
    await dialog.getByRole('radio', { name: 'One-on-one' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('radio', { name: 'Round robin' })).toBeChecked();
    await expect(dialog.getByTestId('host-row')).toHaveCount(1);
    await expect(dialog.getByTestId('host-row')).toContainText(RECRUITER);
    await expect(dialog.getByTestId('host-row')).toContainText('Owner');
    const addHost = dialog.getByRole('combobox', { name: 'Add a host' });
    await addHost.focus();
    await addHost.pressSequentially(COLLEAGUE.slice(0, 5));
    await expect(page.getByRole('option', { name: COLLEAGUE })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(dialog.getByTestId('host-row')).toHaveCount(2);
    await expect(dialog.getByTestId('host-row').nth(1)).toContainText(COLLEAGUE);
    await dialog.getByRole('button', { name: `Move ${COLLEAGUE} up` }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByTestId('host-row').first()).toContainText(COLLEAGUE);
    await expect(dialog.getByRole('button', { name: `Move ${COLLEAGUE} up` })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(dialog.getByTestId('host-row').first()).toContainText(RECRUITER);
    await dialog.getByRole('radio', { name: 'Spread evenly' }).check();

    // The dialog fits the phone: nothing in it scrolls sideways.
    await fitsSideways(dialog, 'The meeting type dialog');
    await fitsSideways(dialog.locator('.mantine-Modal-body'), 'The meeting type dialog\'s body');
    await noSidewaysScroll(page, 'The meeting booking page with the dialog');

    const created = page.waitForResponse((response) => response.url().endsWith('/api/meeting-types') && response.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Add meeting type' }).click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    const { meetingType } = await answer.json() as { meetingType: { id: number; kind: string; distribution: string; hosts: Array<{ name: string }> } };
    typeId = meetingType.id;
    expect(meetingType).toMatchObject({ kind: 'round_robin', distribution: 'even', hosts: [{ name: RECRUITER }, { name: COLLEAGUE }] });
    await expect(dialog).toBeHidden();

    const row = page.getByTestId(`meeting-type-${typeId}`);
    await expect(row.getByText(name)).toBeVisible();
    await expect(row.getByTestId('meeting-type-hosts')).toHaveText(`Round robin with ${RECRUITER} and ${COLLEAGUE}`);
    await expect(row.getByTestId('meeting-type-reminders')).toHaveText('Reminders: 24 h before by email and 1 h before by email');
    await noSidewaysScroll(page, '/app/meeting-booking');

    // The meetings page asks for the colleague's meetings and keeps the choice in the URL.
    await page.goto('/app/meetings');
    await expect(page.getByRole('heading', { level: 1, name: 'Meetings' })).toBeVisible();
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/meetings' && new URL(request.url()).searchParams.has('host'));
    await page.getByRole('combobox', { name: 'Host' }).click();
    await page.getByRole('option', { name: COLLEAGUE }).click();
    await asked;
    await expect(page).toHaveURL(/[?&]host=[0-9a-f-]{36}/);
    await expect(page.getByRole('combobox', { name: 'Host' })).toHaveValue(COLLEAGUE);
    await noSidewaysScroll(page, '/app/meetings');
  } finally {
    if (typeId !== null) {
      const removed = await page.request.delete(`/api/meeting-types/${typeId}`, { headers: { origin: new URL(page.url()).origin } });
      expect(removed.ok()).toBe(true);
    }
  }
});

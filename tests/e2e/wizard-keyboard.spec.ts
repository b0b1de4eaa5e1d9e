// The campaign wizard by keyboard only, as a recruiter (issue 27), in English and in Dutch: focus starts on
// the first field, Tab stays in the dialog, Next and Previous put focus on the step's first field, typing a
// name after choosing a type replaces the filled-in one, the Launch step's count says when the campaign goes
// as its summary does (on the interface's clock), a text field's focus ring is 2 px or more, Escape gives
// focus back to the button that opened the wizard, and Launch lands on the campaign's page. At 390 px, the
// talent-pool list does not widen the page. Each test makes its own pool; the Dutch test uses a Dutch browser
// (the demo recruiter has no language setting, so the interface follows it): nothing other specs share changes.
import type { Locator, Page } from '@playwright/test';
import { en, type Resources } from '../../domain/i18n/en.ts';
import { nl } from '../../domain/i18n/nl.ts';
import { newCandidates, newPool, uniqueTag, type CreatedPool } from './data.ts';
import { expect, openApp, recruiterSessionPerFile, test } from './helpers.ts';

recruiterSessionPerFile('wizard-keyboard');

type Language = 'en' | 'nl';
const TEXTS: Record<Language, Resources> = { en, nl };
/** The interface's clock (site/app/i18n/format.ts): Chromium's en-US keeps 12 hours, Dutch 24. */
const CLOCK: Record<Language, { nine: string; eleven: string; tomorrow: (date: Date) => string }> = {
  en: { nine: '9:00 AM', eleven: '11:00 AM', tomorrow: (date) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(date) },
  nl: { nine: '09:00', eleven: '11:00', tomorrow: (date) => new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'short', year: 'numeric' }).format(date).replace('.', '') },
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]);

/** A pool of three who can be emailed. */
async function poolOfThree(page: Page): Promise<CreatedPool> {
  const people = await newCandidates(page, 3, () => ({ name: `Keyboard Person ${uniqueTag()}` }));
  return await newPool(page, people.map((person) => person.id));
}

/** Whether keyboard focus is inside the wizard's dialog. */
const focusInDialog = (page: Page) => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);

/** Tab (forwards) until `target` has focus, checking at each stop that focus stays in the dialog. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let stop = 0; stop < limit; stop += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
    expect(await focusInDialog(page), 'focus stays in the wizard').toBe(true);
  }
  throw new Error(`Tab did not reach ${target.toString()} in ${limit} stops`);
}

for (const language of ['en', 'nl'] as const) {
  test.describe(`in a${language === 'nl' ? ' Dutch' : 'n English'} browser`, () => {
    test.use({ locale: language === 'nl' ? 'nl-NL' : 'en-US' });

    test(`${language}: the wizard by keyboard, from the first field to a launched campaign`, async ({ page }) => {
      const T = TEXTS[language].panels;
      const clock = CLOCK[language];
      await openApp(page);
      const pool = await poolOfThree(page);
      const name = `Keyboard ${uniqueTag()}`;
      await page.goto('/app/communications');
      await expect(page.getByRole('heading', { level: 1, name: TEXTS[language].communications.title })).toBeVisible();
      const opener = page.getByRole('button', { name: TEXTS[language].communications.newCampaign });
      const wizard = page.getByRole('dialog', { name: T.wizard.title });
      await opener.focus();

      // Opening: focus on the first field, not the close button; Escape gives it back to the opener.
      await page.keyboard.press('Enter');
      await expect(wizard.getByTestId('campaign-type-nurture')).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(wizard).toBeHidden();
      await expect(opener).toBeFocused();

      // Step 1: a type by keyboard, then a name typed over the filled-in one.
      await page.keyboard.press('Enter');
      await expect(wizard.getByTestId('campaign-type-nurture')).toBeFocused();
      await page.keyboard.press('Space');
      const nameField = wizard.getByRole('textbox', { name: T.wizard.campaignName });
      await expect(nameField).not.toHaveValue('');
      await tabTo(page, nameField);
      await page.keyboard.type(name);
      await expect(nameField).toHaveValue(name);
      // Its focus ring: 2 px or more (WCAG 2.2 focus appearance), not only a border's colour.
      const ring = await nameField.evaluate((element) => {
        const style = getComputedStyle(element);
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), shadow: style.boxShadow };
      });
      expect(ring.style !== 'none' && ring.width >= 2, `outline ${ring.width}px ${ring.style}, box-shadow ${ring.shadow}`).toBe(true);

      const poolField = wizard.getByRole('combobox', { name: T.wizard.talentPool, exact: true });
      await tabTo(page, poolField);
      await page.keyboard.type(pool.name);
      await expect(page.getByRole('option', { name: `${pool.name} (${pool.candidateCount})`, exact: true })).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(poolField).toHaveValue(`${pool.name} (${pool.candidateCount})`);

      // Tab goes round inside the dialog, never to the page behind.
      for (let stop = 0; stop < 15; stop += 1) {
        await page.keyboard.press('Tab');
        expect(await focusInDialog(page), 'focus stays in the wizard').toBe(true);
      }
      await tabTo(page, wizard.getByRole('button', { name: T.wizard.next }));
      await page.keyboard.press('Enter');

      // Step 2 starts on its first field: the language, Dutch (the spec's default in the wizard).
      await expect(wizard.getByRole('radio', { name: T.draftLanguages.dutch })).toBeFocused();
      const subject = wizard.getByRole('textbox', { name: T.wizard.emailSubject });
      await tabTo(page, subject);
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('Nieuwe kansen in fintech');
      await tabTo(page, wizard.getByRole('textbox', { name: T.wizard.emailContent }));
      await page.keyboard.type('Hoi {{firstName}}, hoe gaat het?');
      await tabTo(page, wizard.getByRole('button', { name: T.wizard.next }));
      await page.keyboard.press('Enter');

      // Step 3 starts on the schedule's choice, the nurture default; the count and the summary say the same moment.
      const tomorrowMorning = wizard.getByRole('radio', { name: fill(T.launch.scheduleOptions.tomorrow_morning, { time: clock.nine }) });
      await expect(tomorrowMorning).toBeFocused();
      await expect(tomorrowMorning).toBeChecked();
      const candidates = fill(T.launch.candidates_other, { count: '3' });
      await expect(wizard.getByTestId('campaign-reach')).toContainText(fill(T.launch.willReceive.tomorrow_other, { candidates, time: clock.nine }));
      const tomorrow = new Date(Date.now() + 24 * 3600_000);
      const sends = wizard.getByTestId('campaign-summary').getByRole('row', { name: new RegExp(`^${T.launch.summary.sends}`) });
      await expect(sends).toContainText(clock.tomorrow(tomorrow));
      await expect(sends).toContainText(clock.nine);
      await expect(wizard.getByRole('checkbox', { name: fill(T.launch.sendBetween, { start: clock.nine, end: clock.eleven }) })).not.toBeChecked();

      // Previous: step 2's first field again; Next: step 3's.
      await tabTo(page, wizard.getByRole('button', { name: T.wizard.previous }));
      await page.keyboard.press('Enter');
      await expect(wizard.getByRole('radio', { name: T.draftLanguages.dutch })).toBeFocused();
      await tabTo(page, wizard.getByRole('button', { name: T.wizard.next }));
      await page.keyboard.press('Enter');
      await expect(tomorrowMorning).toBeFocused();

      // Launch: the spec's toast, on the campaign's own page.
      const created = page.waitForResponse((r) => r.url().endsWith('/api/campaigns') && r.request().method() === 'POST');
      await tabTo(page, wizard.getByRole('button', { name: T.wizard.launch }));
      await page.keyboard.press('Enter');
      const { campaign } = await (await created).json() as { campaign: { id: number } };
      expect((await created).request().postDataJSON()).toMatchObject({ name });
      await expect(page.getByText(T.wizard.created)).toBeVisible();
      await expect(page).toHaveURL(`/app/communications/campaigns/${campaign.id}`);
    });
  });
}

test('at 390 px the talent-pool list opens without widening the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openApp(page);
  // A long name, of the kind that wraps on a phone.
  const people = await newCandidates(page, 2, () => ({ name: `Phone Person ${uniqueTag()}` }));
  const pool = await newPool(page, people.map((person) => person.id), `Senior backend and platform engineers Amsterdam-Rotterdam-Utrecht ${uniqueTag()}`);
  await page.goto('/app/communications');
  await page.getByRole('button', { name: en.communications.newCampaign }).click();
  const wizard = page.getByRole('dialog', { name: en.panels.wizard.title });
  const poolField = wizard.getByRole('combobox', { name: en.panels.wizard.talentPool, exact: true });
  await poolField.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await expect(page.getByRole('option', { name: `${pool.name} (${pool.candidateCount})`, exact: true })).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

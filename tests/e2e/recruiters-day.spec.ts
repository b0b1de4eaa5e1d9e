// A recruiter's day (issue 27), in English and in Dutch, as the recruiter does it: a campaign's own page with
// Back, its recipients a page at a time and searched by name, and Duplicate; the compose dialog saying which of template and
// prompt is missing and putting the cursor there; Add to pool from the candidate's drawer (found by typing, or made
// there), whose toast keeps clear of the candidate's name, and out of a pool from its badge. The Dutch runs use a Dutch browser (the demo recruiter has no language setting, so
// the interface follows the browser): nothing shared by other specs changes, even when a test is cut off.
import type { Page } from '@playwright/test';
import { en, type Resources } from '../../domain/i18n/en.ts';
import { nl } from '../../domain/i18n/nl.ts';
import { newCandidate, newCandidates, newPool, uniqueTag, uniqueWord } from './data.ts';
import { expect, openApp, recruiterSessionPerFile, test } from './helpers.ts';
import { budget } from '../support/time-scale.ts';

recruiterSessionPerFile('recruiters-day');

type Language = 'en' | 'nl';
const TEXTS: Record<Language, Resources> = { en, nl };

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
const origin = (page: Page) => ({ origin: new URL(page.url()).origin });

for (const language of ['en', 'nl'] as const) {
  const T = TEXTS[language];
  test.describe(`in a${language === 'nl' ? ' Dutch' : 'n English'} browser`, () => {
    test.use({ locale: language === 'nl' ? 'nl-NL' : 'en-US' });

    test(`${language}: a campaign's own page, Back to the list, recipients 25 a page and searched by name`, async ({ page }) => {
      await openApp(page);
      // 27 people without an address: each is a recipient at once (skipped), no mail to wait for.
      const word = uniqueWord();
      const people = await newCandidates(page, 27, (i) => ({ name: i === 27 ? `${word} Zuiderveld` : `Paged Person ${uniqueTag()}`, email: null }));
      const pool = await newPool(page, people.map((person) => person.id));
      const name = `Paged ${uniqueTag()}`;
      const created = await page.request.post('/api/campaigns', { headers: origin(page), data: {
        name, campaignType: 'nurture', talentPoolId: pool.id, language: 'english', emailSubject: 'Hello', emailContent: 'Hi there',
        messageTemplate: 'Hi there', scheduledAt: new Date(Date.now() - 1000).toISOString(),
      } });
      expect(created.status()).toBe(201);

      await page.goto('/app/communications?tab=campaigns');
      await page.getByTestId('campaign-list').getByRole('link', { name }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(page).toHaveTitle(`${name} · ${T.communications.title} · Talentloop`);
      const range = page.getByTestId('recipient-range');
      await expect(range).toHaveText(fill(T.people.list.range, { first: 1, last: 25, total: 27 }), { timeout: budget(30_000) });
      await page.getByRole('button', { name: fill(T.people.list.page, { page: 2 }) }).click();
      await expect(range).toHaveText(fill(T.people.list.range, { first: 26, last: 27, total: 27 }));

      await page.getByRole('searchbox', { name: T.communications.recipients.search }).fill(word.toLowerCase());
      await expect(range).toHaveText(fill(T.people.list.range, { first: 1, last: 1, total: 1 }));
      await expect(page.getByTestId(`recipient-${people[26].id}`)).toContainText(`${word} Zuiderveld`);
      // The filter, search and page are in the URL: a reload shows the same.
      await page.reload();
      await expect(page.getByTestId(`recipient-${people[26].id}`)).toBeVisible();

      await page.getByRole('link', { name: T.communications.detail.back }).click();
      await expect(page.getByRole('heading', { level: 1, name: T.communications.title })).toBeVisible();
      await expect(page.getByTestId('campaign-list').getByRole('link', { name })).toBeVisible();

      // Duplicate: the wizard with the campaign's pool and texts under a new name; launched, its own page.
      await page.getByTestId('campaign-list').getByRole('link', { name }).click();
      await page.getByRole('button', { name: T.communications.detail.duplicate }).click();
      const wizard = page.getByRole('dialog', { name: T.panels.wizard.title });
      const copyName = fill(T.communications.detail.copyName, { name });
      await expect(wizard.getByRole('textbox', { name: T.panels.wizard.campaignName })).toHaveValue(copyName);
      await wizard.getByRole('button', { name: T.panels.wizard.next }).click();
      await expect(wizard.getByRole('textbox', { name: T.panels.wizard.emailSubject })).toHaveValue('Hello');
      await wizard.getByRole('button', { name: T.panels.wizard.next }).click();
      await wizard.getByRole('button', { name: T.panels.wizard.launch }).click();
      // Nobody in the pool has an address: the wizard asks first.
      await wizard.getByTestId('confirm-empty-launch').getByRole('button', { name: T.panels.launch.launchAnyway }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(copyName);
    });

    test(`${language}: compose says which of template and prompt is missing, and goes there`, async ({ page }) => {
      await openApp(page);
      const person = await newCandidate(page, { name: `Compose Hint ${uniqueTag()}` });
      await page.goto(`/app/communications?action=compose&candidateId=${person.id}&candidateName=${encodeURIComponent(person.name)}`);
      const dialog = page.getByRole('dialog', { name: T.panels.compose.title });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel(T.panels.compose.ai.prompt).fill('Coffee next week about SDR roles');
      await expect(dialog.getByText(T.panels.compose.ai.manualWithPrompt)).toBeVisible();
      await dialog.getByRole('button', { name: T.panels.compose.ai.generate, exact: true }).click();
      const toast = page.locator('.mantine-Notification-root').filter({ hasText: T.panels.compose.missingInfo });
      await expect(toast).toContainText(T.panels.compose.missingTemplateBody);
      await expect(dialog.getByTestId('compose-template-select')).toBeFocused();
    });

    test(`${language}: Add to pool from the candidate's drawer, its toast clear of the name`, async ({ page }) => {
      await openApp(page);
      const person = await newCandidate(page, { name: `Pool From Drawer ${uniqueTag()}` });
      const pool = await newPool(page, []);
      await page.goto(`/app/people?candidate=${person.id}`);
      const drawer = page.getByRole('dialog', { name: person.name });
      await drawer.getByTestId('drawer-footer').getByRole('button', { name: T.people.drawer.addToPool }).click();
      // Among every pool of the team: typed into the list's search field (focused on open), taken with Enter.
      await expect(page.getByRole('textbox', { name: T.people.poolPicker.search })).toBeFocused();
      await page.keyboard.type(pool.name.toUpperCase());
      await expect(page.getByRole('option')).toHaveText([pool.name]);
      await page.keyboard.press('Enter');
      const toast = page.locator('.mantine-Notification-root').filter({ hasText: fill(T.people.toasts.addedToPool_one, { count: 1 }) });
      await expect(toast).toBeVisible();
      // Both boxes in one look, once the toast has slid in (no box while it enters or leaves).
      const heading = drawer.getByRole('heading', { name: person.name });
      await expect.poll(async () => {
        const [toastBox, nameBox] = await Promise.all([toast, heading].map((element) => element.boundingBox({ timeout: 1000 }).catch(() => null)));
        if (!toastBox || !nameBox) return 'no box yet';
        return toastBox.y + toastBox.height <= nameBox.y || toastBox.x + toastBox.width <= nameBox.x ? 'clear of the name' : 'over the name';
      }).toBe('clear of the name');
      await expect(drawer.getByTestId('candidate-pools')).toContainText(pool.name);

      // A name no pool has: the list offers to make it, and the candidate goes in.
      const newName = `Drawer Pool ${uniqueTag()}`;
      await drawer.getByTestId('drawer-footer').getByRole('button', { name: T.people.drawer.addToPool }).click();
      await page.keyboard.type(newName);
      await expect(page.getByRole('option')).toHaveText([fill(T.people.poolPicker.create, { name: newName })]);
      await page.keyboard.press('Enter');
      await expect(page.getByText(fill(T.people.toasts.addedToNewPool_one, { name: newName, count: 1 }))).toBeVisible();
      await expect(drawer.getByTestId('candidate-pools')).toContainText(newName);

      // And out again from the pool's badge: the pool stays, the candidate leaves it.
      await drawer.getByTestId('candidate-pools').getByRole('button', { name: fill(T.people.facts.removeFromPool, { pool: newName }) }).click();
      await expect(page.getByText(fill(T.people.toasts.removedFromPool_one, { count: 1 }))).toBeVisible();
      await expect(drawer.getByTestId('candidate-pools')).not.toContainText(newName);
      await expect(drawer.getByTestId('candidate-pools')).toContainText(pool.name);
    });
  });
}

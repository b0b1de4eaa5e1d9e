// The campaign wizard's sequences in the browser against the real server (issue 12):
// follow-up steps on the Content step, {{placeholder}} gating of "Next", the Launch
// step's recipient count (the API's reach, dispatch's rule) and the confirmation
// before launching to no one; at 390 px and by keyboard. Each test makes its own pool.
import type { Page } from '@playwright/test';
import { expect, openApp, recruiterSessionPerFile, test } from './helpers.ts';
import { newCandidates, newPool, uniqueTag } from './data.ts';

recruiterSessionPerFile('wizard-sequences');

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Create campaign' });

/** Opens the wizard from Communications and gets through Basic Info with a nurture campaign to `pool`. */
async function startWizard(page: Page, pool: { name: string; candidateCount: number }, name: string) {
  await page.goto('/app/communications');
  await expect(page.getByRole('heading', { level: 1, name: 'Communications' })).toBeVisible();
  await page.getByRole('button', { name: 'New campaign' }).click();
  const wizard = dialog(page);
  await wizard.getByTestId('campaign-type-nurture').click();
  await wizard.getByRole('textbox', { name: 'Campaign name' }).fill(name);
  const poolInput = wizard.getByRole('combobox', { name: 'Talent pool', exact: true });
  await poolInput.click();
  await poolInput.fill(pool.name);
  await page.getByRole('option', { name: `${pool.name} (${pool.candidateCount})`, exact: true }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();
  return wizard;
}

test('follow-ups, placeholder gating and the recipient count, by keyboard, up to a launched sequence', async ({ page }) => {
  await openApp(page);
  const people = await newCandidates(page, 5, (i) => ({
    name: `Sequence Person ${uniqueTag()}`, ...(i === 4 ? { allowsEmail: false } : {}), ...(i === 5 ? { email: null } : {}),
  }));
  const pool = await newPool(page, people.map((p) => p.id));
  const name = `E2E sequence ${uniqueTag()}`;
  const wizard = await startWizard(page, pool, name);
  const next = wizard.getByRole('button', { name: 'Next' });

  // The nurture subject's {{industry}} holds Next back, and the wizard says why.
  await expect(wizard.getByTestId('placeholders-to-fill')).toContainText('First email: replace {{industry}}');
  await wizard.getByRole('textbox', { name: 'Email content' }).fill('Hoi {{firstName}},\n\nHoe gaat het?\n\nGroet');
  await expect(next).toBeDisabled();
  await expect(wizard.getByTestId('next-blocked-reason')).toHaveText('First email: fill in {{industry}}');
  await wizard.getByRole('textbox', { name: 'Email subject' }).fill('Nieuwe kansen in fintech');
  await expect(next).toBeEnabled();

  // Add a follow-up by keyboard: the focus lands on its delay.
  await wizard.getByRole('button', { name: 'Add follow-up' }).focus();
  await page.keyboard.press('Enter');
  const followUp = wizard.getByTestId('follow-up-1');
  await expect(followUp.getByRole('textbox', { name: 'Days after the previous step' })).toBeFocused();
  await expect(followUp.getByRole('textbox', { name: 'Follow-up subject' })).toHaveAttribute('placeholder', 'Re: Nieuwe kansen in fintech');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('4');
  await page.keyboard.press('Tab');
  await expect(followUp.getByRole('checkbox', { name: 'Business days only' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(followUp).toContainText('Follow-up 1 · 4 business days after the previous step');
  await expect(next).toBeDisabled();
  await expect(wizard.getByTestId('next-blocked-reason')).toHaveText('Follow-up 1: Email content is required');
  await followUp.getByRole('textbox', { name: 'Follow-up content' }).fill('Hoi {{firstName}}, nog interesse in {{company}}?');
  await expect(wizard.getByTestId('placeholders-to-fill')).toContainText('Follow-up 1: replace {{company}}');
  await expect(next).toBeDisabled();
  await followUp.getByRole('textbox', { name: 'Follow-up content' }).fill('Hoi {{firstName}}, nog interesse in een gesprek?');

  // A second one, removed again by keyboard.
  await wizard.getByRole('button', { name: 'Add follow-up' }).click();
  await expect(wizard.getByTestId('follow-up-2')).toBeVisible();
  await wizard.getByRole('button', { name: 'Remove follow-up 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(wizard.getByTestId('follow-up-2')).toHaveCount(0);
  await expect(wizard.getByRole('button', { name: 'Add follow-up' })).toBeFocused();
  await expect(wizard.getByTestId('placeholders-to-fill')).toHaveCount(0);
  await next.click();

  // Launch: who gets it now, who is skipped and why (the pool's real reach).
  const reach = wizard.getByTestId('campaign-reach');
  await expect(reach).toContainText('3 candidates will receive it tomorrow at 9:00 AM');
  await expect(reach).toContainText('2 candidates skipped:');
  await expect(reach).toContainText('Candidate has not consented to email: 1');
  await expect(reach).toContainText('No email address on file: 1');
  await expect(wizard.getByTestId('campaign-summary')).toContainText('4 business days after the previous step: Re: Nieuwe kansen in fintech');
  await expect(wizard.getByRole('checkbox', { name: 'Send between 9:00 AM and 11:00 AM' })).not.toBeChecked();
  await expect(wizard.getByRole('checkbox', { name: 'Candidates added to the pool later join this campaign' })).not.toBeChecked();

  const created = page.waitForResponse((r) => r.url().endsWith('/api/campaigns') && r.request().method() === 'POST');
  await wizard.getByRole('button', { name: 'Launch campaign' }).click();
  const response = await created;
  expect(response.request().postDataJSON()).toMatchObject({
    name, steps: [{ delayDays: 4, businessDaysOnly: true, subject: 'Re: Nieuwe kansen in fintech', content: 'Hoi {{firstName}}, nog interesse in een gesprek?' }],
  });
  expect(response.request().postDataJSON()).not.toHaveProperty('sendWindow');
  await expect(page.getByText('Campaign Created Successfully!')).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  const { campaign } = await response.json() as { campaign: { id: number } };
  await expect(page).toHaveURL(`/app/communications/campaigns/${campaign.id}`);
  // The API kept the follow-up as step 2 of the campaign.
  const detail = await (await page.request.get(`/api/campaigns/${campaign.id}`)).json() as { steps: Array<{ position: number; delayDays: number; subject: string }> };
  expect(detail.steps.map(({ position, delayDays, subject }) => ({ position, delayDays, subject }))).toEqual([
    { position: 1, delayDays: 0, subject: 'Nieuwe kansen in fintech' },
    { position: 2, delayDays: 4, subject: 'Re: Nieuwe kansen in fintech' },
  ]);
});

test('at 390 px: the steps fit, and launching to no one asks first', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openApp(page);
  const people = await newCandidates(page, 2, () => ({ name: `Nobody Reachable ${uniqueTag()}`, allowsEmail: false }));
  const pool = await newPool(page, people.map((p) => p.id));
  const wizard = await startWizard(page, pool, `E2E empty ${uniqueTag()}`);
  await wizard.getByRole('textbox', { name: 'Email subject' }).fill('Even bijpraten');
  await wizard.getByRole('textbox', { name: 'Email content' }).fill('Hoi {{firstName}}, hoe gaat het?');
  await wizard.getByRole('button', { name: 'Add follow-up' }).click();
  await wizard.getByTestId('follow-up-1').getByRole('textbox', { name: 'Follow-up content' }).fill('Nog even terugkomen op mijn mail.');
  const fits = () => wizard.evaluate((el) => {
    const body = el.querySelector('.mantine-Modal-content') ?? el;
    return body.scrollWidth <= body.clientWidth + 1;
  });
  expect(await fits()).toBe(true);
  await wizard.getByRole('button', { name: 'Next' }).click();

  await expect(wizard.getByTestId('campaign-reach')).toContainText('0 candidates will receive it tomorrow at 9:00 AM');
  await expect(wizard.getByTestId('campaign-reach')).toContainText('Candidate has not consented to email: 2');
  await wizard.getByRole('checkbox', { name: 'Send between 9:00 AM and 11:00 AM' }).check();
  await expect(wizard.getByRole('checkbox', { name: 'Weekdays only' })).toBeChecked();
  expect(await fits()).toBe(true);

  let posted = 0;
  page.on('request', (request) => { if (request.url().endsWith('/api/campaigns') && request.method() === 'POST') posted++; });
  await wizard.getByRole('button', { name: 'Launch campaign' }).click();
  const confirm = wizard.getByTestId('confirm-empty-launch');
  await expect(confirm).toContainText('None of the pool\'s candidates can be emailed now. Launch anyway?');
  await expect(confirm.getByRole('button', { name: 'Launch anyway' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Don\'t launch' }).click();
  await expect(confirm).toBeHidden();
  expect(posted).toBe(0);

  await wizard.getByRole('button', { name: 'Launch campaign' }).click();
  await confirm.getByRole('button', { name: 'Launch anyway' }).press('Enter');
  await expect(page.getByText('Campaign Created Successfully!')).toBeVisible();
  expect(posted).toBe(1);
});

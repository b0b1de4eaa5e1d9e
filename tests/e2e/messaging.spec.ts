// Messaging in the browser against the real server: compose, consent, pool
// preview, Advanced Editor, the wizard, the dev outbox, replies. Each test makes
// the candidates and pools it needs through the real API.
import type { Page } from '@playwright/test';
import { expect, openApp, recruiterSessionPerFile, test } from './helpers.ts';
import { newCandidate, newCandidates, newPool, uniqueTag } from './data.ts';
import { budget } from '../support/time-scale.ts';

recruiterSessionPerFile('messaging');

/** A pool of `eligible` people who can be emailed and `blocked` who did not consent. */
async function poolOf(page: Page, eligible: number, blocked = 0) {
  const people = await newCandidates(page, eligible + blocked, (i) => ({
    name: `Pool Person ${uniqueTag()}`, ...(i > eligible ? { allowsEmail: false } : {}),
  }));
  return newPool(page, people.map((p) => p.id));
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** Picks an option of a Mantine Select inside `scope`, typing to narrow the list. */
async function pick(page: Page, scope: ReturnType<Page['getByRole']>, label: string, search: string, option: string) {
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openCommunications(page: Page) {
  await page.goto('/app/communications');
  await expect(page.getByRole('heading', { level: 1, name: 'Communications' })).toBeVisible();
}

test('compose to a consenting candidate: Message Sent, the mail lands in the dev outbox, the candidate replies, and we reply back', async ({ page }) => {
  await openApp(page);
  const person = await newCandidate(page, { name: `Femke Coffee ${uniqueTag()}` });
  const subject = `E2E coffee ${Date.now()}`;

  await openCommunications(page);
  await page.getByRole('button', { name: 'Compose message' }).click();
  const compose = dialog(page, 'Compose Message');
  await expect(compose.getByText('Send a message to a candidate or talent pool')).toBeVisible();
  await pick(page, compose, 'Candidate', person.name, `${person.name} (${person.email})`);
  await expect(compose.getByTestId('cannot-send-email')).toHaveCount(0);
  await compose.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await compose.getByRole('textbox', { name: 'Message' }).fill('Hi, would you like to grab a coffee next week?');
  await compose.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message Sent')).toBeVisible();
  await expect(page.getByText('Your message has been sent successfully.')).toBeVisible();
  await expect(compose).toBeHidden();

  // The worker "sends" it into the dev outbox.
  await page.getByRole('tab', { name: 'Dev outbox' }).click();
  const mailLink = page.getByTestId('outbox-list').getByRole('button', { name: subject });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(mailLink).toBeVisible({ timeout: budget(1000) });
  }).toPass({ timeout: budget(20_000) });
  await mailLink.click();
  const mail = page.getByTestId('outbox-mail');
  await expect(mail.getByTestId('outbox-headers')).toContainText('Message-ID');
  await expect(mail.getByTestId('outbox-headers')).toContainText(person.email!);
  await expect(mail.getByTestId('outbox-body')).toContainText('grab a coffee next week');

  // Reply as the candidate: it shows up in the thread.
  await mail.getByLabel("Candidate's reply").fill('Yes, Tuesday works great for me, thanks!');
  await mail.getByRole('button', { name: 'Send as candidate' }).click();
  await expect(page.getByText('Reply received')).toBeVisible();

  await page.getByRole('tab', { name: 'Messages' }).click();
  const row = page.getByTestId('thread-list').locator('[data-testid^="thread-row-"]', { hasText: subject });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toBeVisible({ timeout: budget(1000) });
  }).toPass({ timeout: budget(10_000) });
  await expect(row).toHaveAttribute('data-unread', 'true');
  // Read now: once answered, the thread leaves "Needs reply", the list the page opens on.
  const threadId = Number((await row.getAttribute('data-testid'))!.replace('thread-row-', ''));
  await row.click();
  const view = page.getByTestId('thread-view');
  await expect(view.getByText('Yes, Tuesday works great for me, thanks!')).toBeVisible();
  await expect(view.getByText('Hi, would you like to grab a coffee next week?')).toBeVisible();

  // Reply from the drawer: the subject gets "Re: " once.
  await view.getByRole('button', { name: 'Reply' }).click();
  const drawer = dialog(page, 'Reply to Message');
  await expect(drawer.getByTestId('original-content')).toContainText('Tuesday works great');
  await expect(drawer.getByTestId('reply-subject')).toHaveText(`Subject: Re: ${subject}`);
  await drawer.getByRole('button', { name: 'Send Reply' }).click();
  await expect(drawer.getByText('Reply content is required')).toBeVisible();
  await drawer.getByRole('textbox', { name: 'Your reply' }).fill('Great, see you Tuesday at 10!');
  await drawer.getByRole('button', { name: 'Send Reply' }).click();
  await expect(page.getByText('Reply Sent')).toBeVisible();
  await expect(page.getByText('Your reply has been sent successfully.')).toBeVisible();
  await expect(view.getByText('Great, see you Tuesday at 10!')).toBeVisible();

  const thread = await (await page.request.get(`/api/messages/${threadId}/thread`)).json();
  const last = thread.messages[thread.messages.length - 1];
  expect(last).toMatchObject({ direction: 'out', subject: `Re: ${subject}`, content: 'Great, see you Tuesday at 10!' });
});

test('compose to a candidate without consent or address shows "Cannot Send Email" with the reasons', async ({ page }) => {
  await openApp(page);
  const noConsent = await newCandidate(page, { allowsEmail: false });
  const noAddress = await newCandidate(page, { email: null });

  await page.goto(`/app/communications?action=compose&candidateId=${noConsent.id}&candidateName=${encodeURIComponent(noConsent.name)}`);
  const compose = dialog(page, 'Compose Message');
  const box = compose.getByTestId('cannot-send-email');
  await expect(box).toContainText('Cannot Send Email');
  await expect(box).toContainText('Candidate has not consented to email');
  await expect(compose.getByRole('combobox', { name: 'Candidate', exact: true })).toBeDisabled();
  await compose.getByRole('textbox', { name: 'Subject' }).fill('Hello');
  await compose.getByRole('textbox', { name: 'Message' }).fill('Hi');
  await compose.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Email Not Allowed')).toBeVisible();
  await compose.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/app/communications?action=compose&candidateId=${noAddress.id}&candidateName=${encodeURIComponent(noAddress.name)}`);
  await expect(dialog(page, 'Compose Message').getByTestId('cannot-send-email')).toContainText('No email address on file');
});

test('a pool preview shows 5 names and "+ N more"', async ({ page }) => {
  await openApp(page);
  const pool = await poolOf(page, 7, 1);

  await openCommunications(page);
  await page.getByRole('button', { name: 'Compose message' }).click();
  const compose = dialog(page, 'Compose Message');
  await compose.getByText('Talent pool', { exact: true }).click();
  await pick(page, compose, 'Talent pool', pool.name, `${pool.name} (${pool.candidateCount})`);
  const preview = compose.getByTestId('pool-preview');
  await expect(preview).toContainText('7 recipients');
  await expect(preview.locator('.mantine-Badge-root')).toHaveCount(5);
  await expect(preview.getByTestId('pool-preview-more')).toHaveText('+ 2 more');
});

test('a pool preview counts as a campaign sends: a member whose mailbox is on the suppression list is not a recipient', async ({ page }) => {
  await openApp(page);
  const tag = uniqueTag();
  // x+b@ keeps its consent; withdrawing x@'s puts their mailbox on the suppression list (decision 008), which only the server knows.
  const [variant, ...others] = await Promise.all([
    newCandidate(page, { name: `Pool Person ${uniqueTag()}`, email: `mailbox-${tag}+b@example.org` }),
    newCandidate(page, { name: `Pool Person ${uniqueTag()}` }), newCandidate(page, { name: `Pool Person ${uniqueTag()}` }),
  ]);
  const owner = await newCandidate(page, { email: `mailbox-${tag}@example.org` });
  const withdrawn = await page.request.patch(`/api/candidates/${owner.id}`, { data: { allowsEmail: false }, headers: { origin: new URL(page.url()).origin } });
  expect(withdrawn.status()).toBe(200);
  const detail = await (await page.request.get(`/api/candidates/${variant.id}`)).json() as { allowsEmail: boolean; contactBlockers: { email: string[] } };
  expect(detail).toMatchObject({ allowsEmail: true, contactBlockers: { email: ['suppressed'] } });
  const pool = await newPool(page, [variant.id, ...others.map((p) => p.id)]);

  await openCommunications(page);
  await page.getByRole('button', { name: 'Compose message' }).click();
  const compose = dialog(page, 'Compose Message');
  await compose.getByText('Talent pool', { exact: true }).click();
  await pick(page, compose, 'Talent pool', pool.name, `${pool.name} (${pool.candidateCount})`);
  const preview = compose.getByTestId('pool-preview');
  await expect(preview).toContainText('2 recipients');
  await expect(preview.locator('.mantine-Badge-root')).toHaveCount(2);
  await expect(preview).not.toContainText(variant.name);
});

test('Advanced Editor carries the compose values to the campaign wizard', async ({ page }) => {
  await openApp(page);
  const pool = await poolOf(page, 2);

  await openCommunications(page);
  // Record client-side navigations: the page opens the wizard and then tidies its URL.
  await page.evaluate(() => {
    const pushes: string[] = [];
    (window as unknown as { pushes: string[] }).pushes = pushes;
    const push = history.pushState.bind(history);
    history.pushState = (data, unused, url) => { pushes.push(String(url)); push(data, unused, url); };
  });
  await page.getByRole('button', { name: 'Compose message' }).click();
  const compose = dialog(page, 'Compose Message');
  await compose.getByText('Talent pool', { exact: true }).click();
  await pick(page, compose, 'Talent pool', pool.name, `${pool.name} (${pool.candidateCount})`);
  await compose.getByRole('textbox', { name: 'Subject' }).fill('Hello & welcome');
  await compose.getByRole('textbox', { name: 'Message' }).fill('Hi {{firstName}},\nnew roles = 100% remote');
  await compose.getByRole('button', { name: 'Advanced Editor' }).click();

  await expect(page.getByText('Opening Advanced Editor')).toBeVisible();
  await expect(compose).toBeHidden();
  const pushes = await page.evaluate(() => (window as unknown as { pushes: string[] }).pushes);
  expect(pushes).toEqual([`/app/communications?talentPoolId=${pool.id}&channel=email&subject=Hello%20%26%20welcome`
    + '&content=Hi%20%7B%7BfirstName%7D%7D%2C%0Anew%20roles%20%3D%20100%25%20remote&template=manual&language=english&action=create-campaign']);

  const wizard = dialog(page, 'Create campaign');
  await expect(wizard.getByRole('combobox', { name: 'Talent pool' })).toHaveValue(`${pool.name} (${pool.candidateCount})`);
  await wizard.getByTestId('campaign-type-announcement').click();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByRole('textbox', { name: 'Email subject' })).toHaveValue('Hello & welcome');
  await expect(wizard.getByRole('textbox', { name: 'Email content' })).toHaveValue('Hi {{firstName}},\nnew roles = 100% remote');
  await expect(wizard.getByLabel('English')).toBeChecked();
});

test('the campaign wizard drafts from a template and launches a campaign that shows up with its progress', async ({ page }) => {
  await openApp(page);
  // Someone who cannot be emailed, so that the campaign skips one with a reason.
  const pool = await poolOf(page, 3, 1);
  const name = `E2E announcement ${Date.now()}`;

  await openCommunications(page);
  await page.getByRole('button', { name: 'New campaign' }).click();
  const wizard = dialog(page, 'Create campaign');
  const next = wizard.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await wizard.getByTestId('campaign-type-announcement').click();
  await expect(wizard.getByRole('textbox', { name: 'Campaign name' })).toHaveValue(/^Job Announcement - /);
  await wizard.getByRole('textbox', { name: 'Campaign name' }).fill(name);
  await pick(page, wizard, 'Talent pool', pool.name, `${pool.name} (${pool.candidateCount})`);
  await next.click();

  // Dutch by default; a template card drafts the content (built-in drafter without an AI provider).
  await expect(wizard.getByLabel('Dutch')).toBeChecked();
  await wizard.locator('[data-testid^="template-card-"]').first().click();
  await expect(page.getByText('Content Generated', { exact: true })).toBeVisible();
  await expect(wizard.getByRole('textbox', { name: 'Email content' })).not.toHaveValue('');
  // The recruiter fills in what only they know; the candidate's own details stay placeholders.
  await wizard.getByRole('textbox', { name: 'Email subject' }).fill('Nieuwe vacature bij Acme');
  await wizard.getByRole('textbox', { name: 'Email content' }).fill('Hoi {{firstName}},\n\nAcme zoekt iemand zoals jij. Interesse?\n\nGroet');
  await expect(wizard.getByTestId('placeholders-to-fill')).toHaveCount(0);
  await next.click();

  await expect(wizard.getByLabel('Send now')).toBeChecked();
  await wizard.getByRole('button', { name: 'Launch campaign' }).click();
  await expect(page.getByText('Campaign Created Successfully!')).toBeVisible();
  await expect(page.getByText('Your campaign has been scheduled and will be sent automatically.')).toBeVisible();
  await expect(wizard).toBeHidden();
  // Launch lands on the campaign's own page, which follows it by itself.
  await expect(page).toHaveURL(/\/app\/communications\/campaigns\/\d+$/);
  const campaignUrl = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByTestId('campaign-status')).toHaveText('sent', { timeout: budget(30_000) });
  await expect(page.getByTestId('campaign-detail')).toContainText('Skipped because');

  await page.getByRole('link', { name: 'All campaigns' }).click();
  const row = page.getByTestId('campaign-list').locator('tr', { hasText: name });
  await expect(row.getByTestId('campaign-status')).toHaveText('sent');
  await expect(row.getByTestId('campaign-counts')).toContainText(`${pool.candidateCount} recipients`);
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(campaignUrl);

  // The wizard starts over at step 1 next time (no page load in between).
  await page.getByRole('link', { name: 'All campaigns' }).click();
  await page.getByRole('button', { name: 'New campaign' }).click();
  await expect(wizard.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(wizard.getByRole('textbox', { name: 'Campaign name' })).toHaveValue('');
});

test('a pool is messaged from the People page with its recipient locked', async ({ page }) => {
  await openApp(page);
  const pool = await poolOf(page, 2);
  await page.goto('/app/people');
  await page.getByRole('button', { name: `Actions for ${pool.name}` }).click();
  await page.getByRole('menuitem', { name: 'Send message to pool' }).click();
  const compose = dialog(page, 'Compose Message');
  await expect(compose.getByText('Send a message to a candidate or talent pool')).toBeVisible();
  await expect(compose.getByRole('combobox', { name: 'Talent pool', exact: true })).toBeDisabled();
  await expect(compose.getByTestId('pool-preview')).toBeVisible();
});

test('WhatsApp in compose: without configuration it says so, and nothing is sent', async ({ page }) => {
  await openApp(page);
  const person = await newCandidate(page, { allowsWhatsapp: true, whatsappNumber: '06 12345678' });
  await page.goto(`/app/communications?action=compose&candidateId=${person.id}&candidateName=${encodeURIComponent(person.name)}`);
  const compose = dialog(page, 'Compose Message');
  await expect(compose.getByRole('textbox', { name: 'Subject' })).toBeVisible();
  await compose.getByText('WhatsApp', { exact: true }).click();
  const note = compose.getByTestId('whatsapp-note');
  await expect(note).toContainText('Cannot Send by WhatsApp');
  await expect(note).toContainText('WhatsApp not configured');
  // WhatsApp has no subject.
  await expect(compose.getByRole('textbox', { name: 'Subject' })).toHaveCount(0);
  await compose.getByRole('button', { name: 'Cancel' }).click();
  await expect(compose).toBeHidden();
});

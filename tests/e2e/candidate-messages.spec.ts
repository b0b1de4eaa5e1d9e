// The candidate drawer's message list says who wrote what: our email "Sent",
// the candidate's reply "Received". The reply comes back through the real
// inbound path (the dev outbox's "reply as the candidate"); the candidate is
// made through the real API.
import type { Page } from '@playwright/test';
import { newCandidate, uniqueTag } from './data.ts';
import { expect, signInRecruiter, test } from './helpers.ts';
import { budget } from '../support/time-scale.ts';

const post = (page: Page, path: string, data: unknown) =>
  page.request.post(path, { data, headers: { origin: new URL(page.url()).origin } });

/** The email as it landed in the dev outbox once the worker "sent" it. */
async function outboxIdOf(page: Page, messageId: number): Promise<number> {
  let outboxId: number | undefined;
  await expect.poll(async () => {
    const { emails } = await (await page.request.get('/api/outbox')).json() as { emails: Array<{ id: number; messageId: number | null }> };
    outboxId = emails.find((email) => email.messageId === messageId)?.id;
    return outboxId;
  }, { timeout: budget(20_000) }).toBeDefined();
  return outboxId!;
}

test('the drawer labels the candidate\'s reply as received, not "Sent"', async ({ page }) => {
  test.slow(); // a sent mail, its reply through the inbound path, then the people page: slow on a busy machine
  await signInRecruiter(page);
  const person = await newCandidate(page);
  const subject = `Coffee next week ${uniqueTag()}`;
  const sent = await post(page, `/api/candidates/${person.id}/messages`, { subject, content: 'Would you like to talk?', channel: 'email' });
  expect(sent.status()).toBe(201);
  const { message } = await sent.json() as { message: { id: number } };
  const replied = await post(page, `/api/outbox/${await outboxIdOf(page, message.id)}/reply`, { content: 'Yes, Tuesday works for me.' });
  expect(replied.status()).toBe(201);

  await page.goto(`/app/people?candidate=${person.id}`);
  const messages = page.getByTestId('candidate-messages').getByTestId('candidate-message');
  // The people page's first paint, list and drawer at once, takes longer than the default wait on a busy machine.
  await expect(messages).toHaveCount(2, { timeout: budget(30_000) });
  const reply = messages.filter({ hasText: `Re: ${subject}` });
  const ours = messages.filter({ hasNotText: `Re: ${subject}` });
  await expect(reply.getByText('Received', { exact: true }).first()).toBeVisible();
  await expect(reply.getByText('Sent', { exact: true })).toHaveCount(0);
  await expect(ours.getByText('Sent', { exact: true }).first()).toBeVisible();
  await expect(ours.getByText('Received', { exact: true })).toHaveCount(0);
});

test('a message sent from the drawer shows in the drawer at once, without a reload', async ({ page }) => {
  await signInRecruiter(page);
  const person = await newCandidate(page);
  const subject = `Quick question ${uniqueTag()}`;
  await page.goto(`/app/people?candidate=${person.id}`);
  const messages = page.getByTestId('candidate-messages');
  await expect(messages.getByText('No messages yet.')).toBeVisible({ timeout: budget(30_000) });

  await page.getByRole('button', { name: 'Send message', exact: true }).click();
  const compose = page.getByRole('dialog', { name: 'Compose Message' });
  await compose.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await compose.getByRole('textbox', { name: 'Message' }).fill('Do you have a minute this week?');
  await compose.getByRole('button', { name: 'Send message', exact: true }).click();
  await expect(page.getByText('Your message has been sent successfully.')).toBeVisible();

  await expect(messages.getByTestId('candidate-message').filter({ hasText: subject })).toBeVisible();
  await expect(messages.getByText('No messages yet.')).toHaveCount(0);
});

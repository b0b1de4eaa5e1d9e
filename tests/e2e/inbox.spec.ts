// The inbox (issue 11) in the browser against the real server: a candidate's
// reply (the dev outbox's "reply as the candidate") shows first in "Needs
// reply", the list Communications opens on, and "Mark done" takes it out.
import { expect, openApp, recruiterSessionPerFile, test } from './helpers.ts';
import { candidateReplies, uniqueTag } from './data.ts';

recruiterSessionPerFile('inbox');


test('a new reply shows first in "Needs reply", and "Mark done" takes it out', async ({ page }) => {
  await openApp(page);
  const subject = `Inbox E2E ${uniqueTag()}`;
  const threadId = await candidateReplies(page, subject, 'Yes, I would love to hear more. Thursday works for me!');

  await page.goto('/app/communications');
  await expect(page.getByRole('heading', { level: 1, name: 'Communications' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Needs reply' })).toBeChecked();
  const rows = page.getByTestId('thread-list').locator('[data-testid^="thread-row-"]');
  const row = page.getByTestId(`thread-row-${threadId}`);
  await expect(rows.first()).toHaveAttribute('data-testid', `thread-row-${threadId}`);
  await expect(row).toContainText(subject);
  await expect(row).toContainText('Thursday works for me!');
  await expect(row.getByTestId('needs-reply-badge')).toBeVisible();
  await expect(row.getByTestId('sentiment-badge')).toHaveText('Positive');

  await row.click();
  const view = page.getByTestId('thread-view');
  await expect(view.getByText('Yes, I would love to hear more. Thursday works for me!')).toBeVisible();
  await view.getByRole('button', { name: 'Mark done' }).click();
  await expect(row).toBeHidden();
  await expect(view.getByRole('button', { name: 'Mark done' })).toBeHidden();

  // "All" still lists it, no longer waiting.
  // (The segmented control's radio is visually hidden; its label is what a person clicks.)
  await page.locator('label').filter({ hasText: /^All$/ }).click();
  await expect(page).toHaveURL(/view=all/);
  await expect(row).toHaveAttribute('data-needs-reply', 'false');
});

// The recruiter's side of self-booking, end to end: availability set on
// /app/meeting-booking, a link sent from the candidate drawer through the compose
// dialog, the candidate (another browser, in Kolkata) books it, the recruiter sees
// the meeting on /app/meetings and in the drawer, and cancels it; the candidate's
// page then says so.
import type { Page } from '@playwright/test';
import { expect, signInRecruiter, test } from './helpers.ts';
import { newCandidate, uniqueWord } from './data.ts';

async function api(page: Page, method: 'get' | 'put', path: string, data?: unknown) {
  const response = await page.request[method](path, { data, headers: { origin: new URL(page.url()).origin } });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return await response.json() as Record<string, unknown>;
}

test('a recruiter sets availability and sends a link; the candidate books; the recruiter sees and cancels the meeting', async ({ page, browser }) => {
  test.slow(); // two browsers, a build of the whole flow
  await signInRecruiter(page);
  const saved = (await api(page, 'get', '/api/booking-settings')).settings as { availability: Record<string, unknown[]> };
  try {
    // 1. Availability: open Saturdays too.
    await page.goto('/app/meeting-booking');
    const saturday = page.getByRole('switch', { name: 'Saturday' });
    if (await saturday.isChecked()) await saturday.click();
    await saturday.click();
    await page.getByRole('button', { name: 'Save availability' }).click();
    await expect(page.getByText('Availability saved')).toBeVisible();
    const after = (await api(page, 'get', '/api/booking-settings')).settings as { availability: Record<string, unknown[]> };
    expect(after.availability.saturday.length).toBeGreaterThan(0);

    // 2. The link, from the candidate drawer, through the compose dialog.
    const candidate = await newCandidate(page, { name: `Priya ${uniqueWord()}` });
    await page.goto(`/app/people?candidate=${candidate.id}`);
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Send booking link' }).click();
    // The demo recruiter offers several meeting types (a one-on-one and two team types): the menu names each.
    await page.getByRole('menuitem', { name: /^Intro call/ }).click();
    const compose = page.getByRole('dialog', { name: /message/i });
    const message = compose.getByLabel('Message');
    // The link is made when the message is sent: until then the message holds its placeholder.
    await expect(message).toHaveValue(/\{\{bookingLink\}\}/);
    expect((await api(page, 'get', `/api/candidates/${candidate.id}/booking-links`)).bookingLinks).toEqual([]);
    await compose.getByRole('button', { name: 'Send message' }).click();
    await expect(compose).toBeHidden();
    const { bookingLinks } = await api(page, 'get', `/api/candidates/${candidate.id}/booking-links`) as { bookingLinks: Array<{ url: string; state: string }> };
    expect(bookingLinks).toHaveLength(1);
    expect(bookingLinks[0].state).toBe('sent');
    const url = bookingLinks[0].url;

    // 3. The candidate books, in Kolkata.
    const candidateContext = await browser.newContext({ timezoneId: 'Asia/Kolkata', locale: 'en-GB' });
    const booking = await candidateContext.newPage();
    await booking.goto(new URL(url).pathname);
    await expect(booking.getByText(`Hi ${candidate.name.split(' ')[0]},`)).toBeVisible();
    await expect(booking.getByLabel('Time zone')).toHaveValue('Asia/Kolkata');
    const first = booking.locator('#bk-slots').getByRole('button').first();
    const start = (await first.getAttribute('data-start'))!;
    await first.click();
    await booking.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(booking.getByRole('heading', { name: 'You’re booked' })).toBeVisible();

    // 4. The recruiter sees it on /app/meetings and in the drawer.
    await page.goto('/app/meetings');
    const row = page.getByRole('button', { name: new RegExp(`Details of the meeting with ${candidate.name}`) });
    await expect(row).toBeVisible();
    await expect(page.getByText('Teams not configured').first()).toBeVisible();
    await page.goto(`/app/people?candidate=${candidate.id}`);
    await expect(page.getByRole('dialog').getByText('Booked', { exact: true })).toBeVisible();

    // 5. The recruiter cancels it; the candidate's page says so.
    await page.goto('/app/meetings');
    await row.click();
    await page.getByRole('button', { name: 'Cancel meeting' }).click();
    const cancel = page.getByRole('dialog').filter({ has: page.getByLabel('Reason (optional)') });
    await cancel.getByLabel('Reason (optional)').fill('The role was filled');
    await cancel.getByRole('button', { name: 'Cancel meeting' }).click();
    await expect(cancel).toBeHidden();
    const meetings = (await api(page, 'get', `/api/meetings?candidateId=${candidate.id}`)).meetings as Array<{ start: string; status: string; cancelledBy: string }>;
    expect(meetings).toMatchObject([{ start, status: 'cancelled', cancelledBy: 'recruiter' }]);
    await booking.reload();
    await expect(booking.getByText('Your earlier meeting was cancelled')).toBeVisible();
    await candidateContext.close();
  } finally {
    await api(page, 'put', '/api/booking-settings', saved);
  }
});

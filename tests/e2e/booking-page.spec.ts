// The candidate's public booking page, /book/{token}: a recruiter (through the real API)
// makes a booking link; the candidate, whose browser is in New York while the recruiter
// works in Amsterdam, books, sees both clocks, reschedules and cancels. Unknown tokens get
// the friendly page with a 404; the page's JavaScript stays under 60 KB gzip.
import { gzipSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './helpers.ts';
import { uniqueTag, uniqueWord } from './data.ts';

const CANDIDATE_ZONE = 'America/New_York';
const RECRUITER_ZONE = 'Europe/Amsterdam';
const JS_BUDGET_GZIP = 60 * 1024;

test.use({ timezoneId: CANDIDATE_ZONE, locale: 'en-US' });

let recruiter: APIRequestContext;
let savedSettings: unknown;
let origin: string;

async function ask(method: 'get' | 'post' | 'put' | 'delete', path: string, data?: unknown): Promise<Record<string, unknown>> {
  const response = await recruiter[method](path, { data, headers: { origin } });
  if (!response.ok()) throw new Error(`${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`);
  return await response.json() as Record<string, unknown>;
}

// The demo recruiter, signed in through the API; for these tests their calendar is open all day,
// every day (so the first week always has times, whatever the hour of the run), and it is put back afterwards.
test.beforeAll(async ({ playwright, baseURL }) => {
  origin = baseURL!;
  recruiter = await playwright.request.newContext({ baseURL });
  await ask('post', '/api/auth/login', { username: 'recruiter', password: 'recruiter-demo-password' });
  savedSettings = (await ask('get', '/api/booking-settings')).settings;
  const allDay = [{ start: '00:00', end: '24:00' }];
  await ask('put', '/api/booking-settings', {
    timeZone: RECRUITER_ZONE,
    availability: Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, allDay])),
    overrides: [], bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minimumNoticeMinutes: 60, horizonDays: 30, slotStepMinutes: 30,
    maxPerDay: null,
  });
});

test.afterAll(async () => {
  if (savedSettings) await ask('put', '/api/booking-settings', savedSettings);
  await recruiter.dispose();
});

interface Link { token: string; candidate: { id: number; name: string; email: string }; typeName: string; typeId: number }

/** A candidate called Anna ..., a meeting type of our own, and a booking link for them. */
async function newLink(): Promise<Link> {
  const tag = uniqueTag();
  const candidate = await ask('post', '/api/candidates', { name: `Anna ${uniqueWord()}`, email: `anna-${tag}@example.org` }) as Link['candidate'];
  const typeName = `Intro call ${tag}`;
  const { meetingType } = await ask('post', '/api/meeting-types', {
    name: typeName, durationMinutes: 30, description: 'A first conversation about the roles we have.', locationKind: 'teams', colour: 'teal',
  }) as { meetingType: { id: number } };
  const link = await ask('post', '/api/booking-links', { candidateId: candidate.id, meetingTypeId: meetingType.id }) as { token: string; url: string };
  expect(link.url).toMatch(new RegExp(`/book/${link.token}$`));
  return { token: link.token, candidate, typeName, typeId: meetingType.id };
}

async function meetingsOf(candidateId: number) {
  return (await ask('get', `/api/meetings?candidateId=${candidateId}`)).meetings as Array<{
    start: string; status: string; cancelReason: string | null; candidateTimeZone: string | null; attendee: { name: string | null; email: string | null };
  }>;
}

/** "10:00 AM" for an instant on a clock in `timeZone`, as an en-US browser writes it. */
const clock = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(Date.parse(instant));
/** The same, matching any kind of space (Intl puts a narrow no-break space before AM/PM). */
const clockPattern = (instant: string, timeZone: string) => new RegExp(`^${clock(instant, timeZone).replace(/\s/gu, '\\s')}$`, 'u');
/** Hours and minutes only ("10:00"): what a date-and-time text contains. */
const hoursAndMinutes = (instant: string, timeZone: string) => clock(instant, timeZone).replace(/\s?[AP]M$/u, '');

const timeButtons = (page: Page) => page.locator('#bk-slots').getByRole('button');

test('a candidate in New York books, sees both clocks, reschedules and cancels', async ({ page }) => {
  const link = await newLink();
  const opened = await page.goto(`/book/${link.token}`);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()['cache-control']).toBe('no-store');
  await expect(page.getByText('Hi Anna,')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Book an ${link.typeName} with` })).toBeVisible();
  await expect(page.getByText('30 minutes')).toBeVisible();
  await expect(page.getByText('Microsoft Teams', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Time zone')).toHaveValue(CANDIDATE_ZONE);
  await expect(page.getByText('Times are shown in Eastern Time (America/New_York)')).toBeVisible();

  // Book the first free time.
  const first = timeButtons(page).first();
  await expect(first).toBeVisible();
  const start = (await first.getAttribute('data-start'))!;
  await expect(first).toHaveText(clockPattern(start, CANDIDATE_ZONE));
  await first.click();
  await expect(page.getByRole('heading', { name: 'Confirm your booking' })).toBeFocused();
  await expect(page.getByLabel('Your name')).toHaveValue(link.candidate.name);
  await expect(page.getByLabel('Email')).toHaveValue(link.candidate.email);
  // Another address typed here is for the recruiter: the confirmation goes to the one on record (decision 015).
  await expect(page.getByText(`The confirmation and calendar invitation go to ${link.candidate.email}.`)).toBeVisible();
  const typedEmail = `anna-elsewhere-${uniqueTag()}@example.net`;
  await page.getByLabel('Email').fill(typedEmail);
  await page.getByLabel(/Anything to share/).fill('Looking forward to it');
  await page.getByRole('button', { name: 'Confirm booking' }).click();

  await expect(page.getByRole('heading', { name: 'You’re booked' })).toBeFocused();
  const done = page.locator('#bk-done');
  await expect(done.getByText('Eastern Time (America/New_York)')).toBeVisible();
  await expect(done.getByText('Central European Time (Europe/Amsterdam)')).toBeVisible();
  await expect(page.locator('#bk-done-yours')).toContainText(hoursAndMinutes(start, CANDIDATE_ZONE));
  await expect(page.locator('#bk-done-theirs')).toContainText(hoursAndMinutes(start, RECRUITER_ZONE));
  // Teams is not configured here: no invitation will bring a link, and the page does not promise one.
  await expect(done.getByText(/^Microsoft Teams: .+ will send you the link to join$/)).toBeVisible();
  await expect(done.getByText('The Microsoft Teams link will be in your calendar invitation')).toHaveCount(0);
  await expect(done.getByText(`A confirmation with a calendar invitation is on its way to ${link.candidate.email}.`)).toBeVisible();
  // The recruiter has the same instant, the zone the candidate chose, and the address typed.
  expect(await meetingsOf(link.candidate.id)).toMatchObject([{
    start: new Date(start).toISOString(), candidateTimeZone: CANDIDATE_ZONE, attendee: { email: typedEmail },
  }]);

  // Coming back shows the booked meeting, rendered by the server.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your meeting is booked' })).toBeVisible();
  await expect(page.getByText(`The invitation went to ${link.candidate.email}.`)).toBeVisible();
  await expect(page.locator('#bk-done-where')).toHaveText(/^Microsoft Teams: .+ will send you the link to join$/);

  // Reschedule to another time.
  await page.getByRole('link', { name: 'Reschedule' }).click();
  await expect(page).toHaveURL(new RegExp(`/book/${link.token}/reschedule$`));
  await expect(page.getByRole('heading', { name: 'Pick a new time' })).toBeVisible();
  await expect(page.locator('#bk-current')).toContainText('Your meeting is currently on');
  // Its own time is shown but cannot be booked again.
  await expect(page.locator(`#bk-slots button[data-start="${start}"]`)).toBeDisabled();
  const other = timeButtons(page).and(page.locator(':enabled')).first();
  const newStart = (await other.getAttribute('data-start'))!;
  await other.click();
  await page.getByRole('button', { name: 'Confirm new time' }).click();
  await expect(page.getByRole('heading', { name: 'Your meeting has been moved' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/book/${link.token}$`));
  expect(await meetingsOf(link.candidate.id)).toMatchObject([{ start: new Date(newStart).toISOString() }]);

  // Cancel with a reason.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/book/${link.token}/cancel$`));
  await expect(page.getByRole('heading', { name: 'Cancel your meeting' })).toBeVisible();
  await page.getByLabel('Reason').fill('I accepted another offer');
  await page.getByRole('button', { name: 'Cancel meeting' }).click();
  await expect(page.getByRole('heading', { name: 'Your meeting is cancelled' })).toBeFocused();
  expect(await meetingsOf(link.candidate.id)).toMatchObject([{ status: 'cancelled', cancelReason: 'I accepted another offer' }]);

  // The link can book again.
  await page.getByRole('link', { name: 'Book a new time' }).click();
  await expect(page.getByText('Your earlier meeting was cancelled')).toBeVisible();
  await expect(timeButtons(page).first()).toBeVisible();

  await ask('delete', `/api/meeting-types/${link.typeId}`);
});

test('at 390 px, with the keyboard only, a candidate picks a time and books', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const link = await newLink();
  await page.goto(`/book/${link.token}`);
  await expect(timeButtons(page).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A phone picks a day first: only the chosen day's times show (not the whole week in one long list).
  const days = page.getByRole('group', { name: 'Pick a day' }).getByRole('button');
  expect(await days.count()).toBeGreaterThan(1);
  await expect(days.first()).toHaveAttribute('aria-pressed', 'true');
  const shown = page.locator('#bk-slots .bk-day:visible');
  await expect(shown).toHaveCount(1);

  // Tab from the zone list past the week buttons to the days (Previous week is disabled in the first week);
  // the second day by keyboard, then its first time.
  await page.getByLabel('Time zone').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Next week' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(days.first()).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(days.nth(1)).toBeFocused();
  const secondDay = await days.nth(1).getAttribute('data-date');
  await page.keyboard.press('Enter');
  await expect(days.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(shown).toHaveCount(1);
  await expect(shown).toHaveAttribute('data-date', secondDay!);
  await expect(shown.getByRole('button').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Confirm your booking' })).toBeFocused();
  await page.getByLabel('Email').focus();
  await page.keyboard.press('Enter'); // submits the form: name and email are prefilled
  await expect(page.getByRole('heading', { name: 'You’re booked' })).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await ask('delete', `/api/meeting-types/${link.typeId}`);
});

test('another time zone and the next week ask the API for that week on that clock', async ({ page }) => {
  const link = await newLink();
  await page.goto(`/book/${link.token}`);
  await expect(timeButtons(page).first()).toBeVisible();
  const asked = page.waitForRequest((request) => request.url().includes('/slots?') && request.url().includes('timeZone=Asia%2FKolkata'));
  await page.getByLabel('Time zone').selectOption('Asia/Kolkata');
  const query = new URL((await asked).url()).searchParams;
  await expect(page.getByText('Times are shown in India Standard Time (Asia/Kolkata)')).toBeVisible();
  // The week starts at midnight in Kolkata (18:30 UTC the day before).
  expect(query.get('from')).toMatch(/T18:30:00\.000Z$/);
  const start = await timeButtons(page).first().getAttribute('data-start');
  await expect(timeButtons(page).first()).toHaveText(clockPattern(start!, 'Asia/Kolkata'));

  const nextAsked = page.waitForRequest((request) => request.url().includes('/slots?'));
  await page.getByRole('button', { name: 'Next week' }).click();
  expect(new URL((await nextAsked).url()).searchParams.get('from')).toBe(query.get('to'));
  await expect(page.getByRole('button', { name: 'Previous week' })).toBeEnabled();

  // Past the recruiter's 30-day horizon the weeks are empty, and say so.
  for (let week = 2; week <= 5; week += 1) await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByText('No free times this week')).toBeVisible();
  await expect(timeButtons(page)).toHaveCount(0);
  await ask('delete', `/api/meeting-types/${link.typeId}`);
});

test('a time taken while the candidate looked: "This time was just taken" and fresh times', async ({ page, playwright, baseURL }) => {
  const [mine, theirs] = [await newLink(), await newLink()];
  await page.goto(`/book/${mine.token}`);
  const wanted = timeButtons(page).first();
  const start = (await wanted.getAttribute('data-start'))!;

  // Someone else (another candidate of the same recruiter) books that time first.
  const other = await playwright.request.newContext({ baseURL });
  const booked = await other.post(`/api/public/booking/${theirs.token}`, {
    data: { start, name: theirs.candidate.name, email: theirs.candidate.email }, headers: { origin: baseURL! },
  });
  expect(booked.status()).toBe(201);
  await other.dispose();

  await wanted.click();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('alert')).toHaveText('This time was just taken, please pick another');
  await expect(page.getByRole('heading', { name: 'Pick a time' })).toBeFocused();
  await expect(page.locator(`#bk-slots button[data-start="${start}"]`)).toHaveCount(0);
  await expect(timeButtons(page).first()).toBeVisible();
  for (const link of [mine, theirs]) await ask('delete', `/api/meeting-types/${link.typeId}`);
});

test('an unknown token gets the friendly page, status 404, and no details', async ({ page }) => {
  const response = await page.goto(`/book/${'A'.repeat(43)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
  await expect(page.locator('a[href^="mailto:"]')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  for (const sub of ['reschedule', 'cancel']) {
    const again = await page.goto(`/book/not-a-token/${sub}`);
    expect(again?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
  }
});

test('the booking page loads less than 60 KB of JavaScript (gzip)', async ({ page }) => {
  const link = await newLink();
  const scripts: string[] = [];
  page.on('response', (response) => { if (response.request().resourceType() === 'script') scripts.push(response.url()); });
  await page.goto(`/book/${link.token}`);
  await expect(timeButtons(page).first()).toBeVisible();
  let bytes = 0;
  for (const url of new Set(scripts)) bytes += gzipSync(await (await page.request.get(url)).body()).length;
  test.info().annotations.push({ type: 'booking page JS (gzip bytes)', description: String(bytes) });
  console.log(`booking page JS: ${scripts.length} files, ${bytes} bytes gzip`);
  expect(scripts.length).toBeGreaterThan(0);
  expect(bytes).toBeLessThan(JS_BUDGET_GZIP);
  await ask('delete', `/api/meeting-types/${link.typeId}`);
});

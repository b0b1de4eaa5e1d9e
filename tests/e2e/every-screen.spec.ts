// Every screen clean in both languages (issue 26): every /app page and the states it opens (the
// candidate drawer with its pool picker and the Add candidate form, a thread, the campaigns and a campaign's detail, the
// dev outbox with a mail open, the meetings list, week view and a meeting's drawer, meeting booking
// and its Add meeting type dialog (for a round-robin type), each settings tab, the compose dialog, the campaign wizard's three
// steps (the third with its preview), the CSV import's steps, the palette, the admin portal's tabs, its New user, Enter a request and Add a rule dialogs), at
// 1440 × 900 and at 390 × 844, in English and in Dutch (the interface language is the user's setting).
// On each: axe with the WCAG 2.0-2.2 A/AA rules (2.2's target size among them) and its best practices,
// any serious or critical finding failing (a dialog's state: within the dialog); each page names itself
// in the document title in its language; on Dutch screens, no English catalogue text whose Dutch
// differs and none of Mantine's own English labels (untranslated.ts). Each test walks its states and
// fails once at the end with everything it found, by state.
//
// The data are made through the API, once for the file, named with random words (what users type is
// not interface text, and no catalogue text can match these; the demo's names the detector reads from
// the API). One sign-in per user for the file. The recruiter's and the admin's language are shared by
// every spec: the Dutch tests set it and put it back.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { en, type Resources } from '../../domain/i18n/en.ts';
import { nl } from '../../domain/i18n/nl.ts';
import { budget } from '../support/time-scale.ts';
import { A11yAudit, WCAG22_AA } from './axe.ts';
import { newCandidate, newPool, uniqueTag, uniqueWord, type CreatedCandidate, type CreatedPool } from './data.ts';
import { expect, signInAdmin, signInRecruiter, test } from './helpers.ts';
import { englishOnlyTexts, formatUntranslated, untranslatedTexts, type UntranslatedFinding } from './untranslated.ts';

type Language = 'en' | 'nl';
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const TEXTS: Record<Language, Resources> = { en, nl };
const LANGUAGES: Language[] = ['en', 'nl'];
const SIZES = [
  { name: '1440×900', viewport: { width: 1440, height: 900 } },
  { name: '390×844', viewport: { width: 390, height: 844 } },
] as const;
const ENGLISH = englishOnlyTexts();

/** Two random words: a name no interface text can be. */
const words = () => `${uniqueWord()} ${uniqueWord()}`;

// ---- One sign-in per user for the file, kept in memory ----

let recruiterState: StorageState | undefined;
let adminState: StorageState | undefined;

async function signedInState(browser: Browser, signIn: (page: Page) => Promise<void>): Promise<StorageState> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  await signIn(await context.newPage());
  const state = await context.storageState();
  await context.close();
  return state;
}

/** A page of the user's own on our origin, outside the tests' pages: for the data and the language setting. */
async function withPage<T>(browser: Browser, state: StorageState, work: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ storageState: state });
  try {
    const page = await context.newPage();
    await page.goto('/app/no-such-page');
    return await work(page);
  } finally {
    await context.close();
  }
}

const originOf = (page: Page) => ({ origin: new URL(page.url()).origin });

async function api(page: Page, method: 'get' | 'post' | 'put' | 'delete', path: string, data?: unknown) {
  const response = await page.request[method](path, { data, headers: originOf(page) });
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return await response.json() as Record<string, unknown>;
}

async function putLanguage(page: Page, language: Language | null) {
  await api(page, 'put', '/api/settings/profile', { language });
}

// ---- The data every variant shows ----

interface WalkData {
  person: CreatedCandidate;
  pool: CreatedPool;
  campaignId: number;
  threadId: number;
  mailSubject: string;
  meeting: { id: number; localDate: string; day: number };
  meetingTypeId: number;
}
let data: WalkData | undefined;

/** The dev outbox's mail of this message, once the worker has delivered it. */
async function outboxIdOf(page: Page, messageId: number): Promise<number> {
  let id = 0;
  await expect.poll(async () => {
    const { emails } = await api(page, 'get', '/api/outbox') as { emails: Array<{ id: number; messageId: number }> };
    id = emails.find((mail) => mail.messageId === messageId)?.id ?? 0;
    return id;
  }, { timeout: budget(30_000) }).toBeGreaterThan(0);
  return id;
}

/**
 * A candidate in a pool of their own with one who cannot be emailed; a campaign to the pool (sent, with a follow-up to come); a
 * mail to them they answered (a thread that needs a reply, a mail in the dev outbox); a meeting they
 * booked through their booking link, with a meeting type of our own.
 */
async function makeData(page: Page): Promise<WalkData> {
  const person = await newCandidate(page, { name: words(), email: `walk-${uniqueTag()}@example.org` });
  // Someone the campaign skips (no consent to email): the wizard and the campaign say why.
  const unreachable = await newCandidate(page, { name: words(), email: `walk-${uniqueTag()}@example.org`, allowsEmail: false });
  const pool = await newPool(page, [person.id, unreachable.id], words());
  const { campaign } = await api(page, 'post', '/api/campaigns', {
    name: words(), campaignType: 'nurture', talentPoolId: pool.id, emailSubject: words(), emailContent: `Hoi {{firstName}}, ${words()}.`,
    scheduledAt: new Date(Date.now() - 1000).toISOString(), steps: [{ delayDays: 3, content: `${words()}.` }],
  }) as { campaign: { id: number } };

  const mailSubject = words();
  const { message } = await api(page, 'post', `/api/candidates/${person.id}/messages`, {
    subject: mailSubject, content: `Hoi {{firstName}}, ${words()}?`, channel: 'email',
  }) as { message: { id: number; threadId: number } };
  await api(page, 'post', `/api/outbox/${await outboxIdOf(page, message.id)}/reply`, { content: `${words()}, ${words()}.` });

  const { meetingType } = await api(page, 'post', '/api/meeting-types', {
    name: uniqueWord(), durationMinutes: 30, description: `${words()}.`, locationKind: 'teams', colour: 'teal',
  }) as { meetingType: { id: number } };
  const link = await api(page, 'post', '/api/booking-links', { candidateId: person.id, meetingTypeId: meetingType.id }) as { token: string };
  const [from, to] = [Date.now(), Date.now() + 28 * 86_400_000].map((time) => encodeURIComponent(new Date(time).toISOString()));
  const { slots } = await api(page, 'get', `/api/public/booking/${link.token}/slots?from=${from}&to=${to}`) as { slots: Array<{ start: string }> };
  expect(slots.length, 'the demo recruiter has free times in the coming four weeks').toBeGreaterThan(0);
  await api(page, 'post', `/api/public/booking/${link.token}`, { start: slots[0].start, name: person.name, email: person.email });
  const { meetings } = await api(page, 'get', `/api/meetings?candidateId=${person.id}`) as { meetings: Array<{ id: number; start: string }> };
  // The day as the browser (the week view) places it.
  const localDate = await page.evaluate((start) => new Date(start).toLocaleDateString('en-CA'), meetings[0].start);
  return {
    person, pool, campaignId: campaign.id, threadId: message.threadId, mailSubject, meetingTypeId: meetingType.id,
    meeting: { id: meetings[0].id, localDate, day: Number(localDate.slice(8)) },
  };
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(budget(120_000));
  recruiterState ??= await signedInState(browser, signInRecruiter);
  data ??= await withPage(browser, recruiterState, makeData);
});

test.afterAll(async ({ browser }) => {
  if (!recruiterState || !data) return;
  const { meeting, meetingTypeId } = data;
  await withPage(browser, recruiterState, async (page) => {
    // The demo recruiter's calendar is every spec's: the time is free again, and the meeting type gone.
    await api(page, 'post', `/api/meetings/${meeting.id}/cancel`, {});
    await api(page, 'delete', `/api/meeting-types/${meetingTypeId}`);
  });
});

// ---- The walk ----

/** One variant's checks: axe on every state, and on Dutch screens the English left on them. */
class ScreenWalk {
  readonly audit = new A11yAudit(WCAG22_AA);
  readonly untranslated: UntranslatedFinding[] = [];
  readonly T: Resources;
  readonly page: Page;
  readonly language: Language;
  /** The viewport's name, for the report. */
  size: string;

  constructor(page: Page, language: Language, size: string) {
    this.page = page;
    this.language = language;
    this.size = size;
    this.T = TEXTS[language];
  }

  get phone() {
    return (this.page.viewportSize()?.width ?? 0) < 768;
  }

  /** `within`: a dialog's state is the dialog (the page behind it, inert, has a state of its own). */
  async check(state: string, { within }: { within?: string } = {}) {
    const name = `${state} (${this.language}, ${this.size})`;
    // A dialog or drawer still fading or sliding in is drawn in colours it does not keep.
    await this.page.waitForFunction(() => !document.getAnimations().some((animation) => animation instanceof CSSTransition && animation.playState === 'running'));
    if (this.language === 'nl') this.untranslated.push(...await untranslatedTexts(this.page, name, ENGLISH, await this.typed()));
    await this.audit.check(this.page, name, within);
  }

  /** A dialog's state: the dialog, axe within it. */
  async checkDialog(state: string) {
    await this.check(state, { within: '[role="dialog"]' });
  }

  private typedNames: Promise<Set<string>> | undefined;

  /** What the user's data call things (their and the demo's meeting types, pools and campaigns, their username): what users typed. */
  typed(): Promise<Set<string>> {
    this.typedNames ??= (async () => {
      const { meetingTypes } = await api(this.page, 'get', '/api/meeting-types') as { meetingTypes: Array<{ name: string }> };
      const pools = await api(this.page, 'get', '/api/talent-pools') as unknown as Array<{ name: string }>;
      const { campaigns } = await api(this.page, 'get', '/api/campaigns') as { campaigns: Array<{ name: string }> };
      // The signed-in user's username ("admin"), in the shell and in the admin portal's lists.
      const { user } = await api(this.page, 'get', '/api/auth/me') as { user: { username: string } };
      return new Set([...meetingTypes, ...pools, ...campaigns].map(({ name }) => name).concat(user.username));
    })();
    return this.typedNames;
  }

  /** A page: its heading, its title in this language (the language has arrived), its data (no spinner left). */
  async open(path: string, title: string, { quick = false } = {}) {
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // An open drawer may name itself first ("Anna de Vries · People · Talentloop").
    await expect(this.page).toHaveTitle(new RegExp(`(^|· )${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · Talentloop$`));
    if (quick) return;
    await this.page.waitForLoadState('networkidle');
    await expect(this.page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
  }

  async openAndCheck(path: string, title: string, state = path) {
    await this.open(path, title);
    await this.check(state);
  }

  dialog(name: string) {
    return this.page.getByRole('dialog', { name, exact: true });
  }

  async closeWithEscape(name: string) {
    await this.page.keyboard.press('Escape');
    await expect(this.dialog(name)).toBeHidden();
  }

  expectClean() {
    expect.soft(this.untranslated, `English on Dutch screens:\n${formatUntranslated(this.untranslated)}`).toEqual([]);
    this.audit.expectClean();
  }
}

async function walkPages(walk: ScreenWalk, d: WalkData) {
  const { page, T } = walk;
  await walk.openAndCheck('/app', T.dashboard.title);
  // The list shows this walk's candidate only (the rest is other specs' data).
  await walk.openAndCheck(`/app/people?q=${encodeURIComponent(d.person.name)}`, T.people.title, '/app/people');
  await walk.open('/app/talent-pools', T.people.title, { quick: true });

  await walk.open(`/app/people?q=${encodeURIComponent(d.person.name)}&candidate=${d.person.id}`, T.people.title);
  await expect(walk.dialog(d.person.name)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await walk.checkDialog('the candidate drawer');
  // Its pool picker, with a name typed that no pool has: the list offers to make that pool.
  await walk.dialog(d.person.name).getByTestId('drawer-footer').getByRole('button', { name: T.people.drawer.addToPool }).click();
  await expect(page.getByRole('textbox', { name: T.people.poolPicker.search })).toBeFocused();
  await page.keyboard.type(words());
  await expect(page.getByRole('listbox', { name: T.people.drawer.addToPool }).getByRole('option')).toHaveCount(1);
  await walk.check('the candidate drawer\'s pool picker', { within: '.mantine-Combobox-dropdown' });
  await page.keyboard.press('Escape');
  await walk.open('/app/people?action=add-candidate', T.people.title);
  await expect(page.getByTestId('candidate-form')).toBeVisible();
  await walk.checkDialog('the Add candidate drawer');

  await walk.open(`/app/communications?thread=${d.threadId}`, T.communications.title);
  await expect(page.getByTestId('thread-view')).toBeVisible();
  await walk.check('Communications, a thread');
  await walk.openAndCheck('/app/communications?tab=campaigns', T.communications.title, 'Communications, campaigns');
  await walk.open(`/app/communications/campaigns/${d.campaignId}`, T.communications.title);
  await expect(page.getByTestId('campaign-detail')).toBeVisible();
  await expect(page.getByTestId('campaign-recipients')).toBeVisible();
  await walk.check('a campaign\'s page');
  await walk.open('/app/communications?tab=outbox', T.communications.title);
  await page.getByRole('button', { name: d.mailSubject }).first().click();
  await page.waitForLoadState('networkidle');
  await walk.check('the dev outbox with a mail open');

  await walk.openAndCheck('/app/meetings', T.meetings.page.title);
  await walk.open(`/app/meetings?view=week&week=${d.meeting.localDate}`, T.meetings.page.title);
  // On a phone one day at a time: the meeting's day.
  if (walk.phone) await page.getByRole('tab', { name: new RegExp(`\\b${d.meeting.day}\\b`) }).click();
  await expect(page.getByTestId(`week-meeting-${d.meeting.id}`)).toBeVisible();
  await walk.check('the meetings week view');
  await page.getByTestId(`week-meeting-${d.meeting.id}`).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await walk.checkDialog('a meeting\'s drawer');

  await walk.openAndCheck('/app/meeting-booking', T.meetingBooking.title);
  await page.getByRole('button', { name: T.meetingBooking.types.add }).first().click();
  await expect(walk.dialog(T.meetingBooking.typeForm.addTitle)).toBeVisible();
  // A team type: its hosts, distribution and reminders checked too.
  await walk.dialog(T.meetingBooking.typeForm.addTitle).getByRole('radio', { name: T.meetingBooking.typeForm.kinds.round_robin }).check();
  await expect(walk.dialog(T.meetingBooking.typeForm.addTitle).getByTestId('host-row')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  await walk.checkDialog('the Add meeting type dialog');
  await walk.closeWithEscape(T.meetingBooking.typeForm.addTitle);

  for (const tab of ['profile', 'security', 'integrations'] as const) {
    await walk.openAndCheck(`/app/settings?tab=${tab}`, T.settings.title, `Settings, ${tab}`);
  }
  await walk.openAndCheck('/app/theme-demo', T.themeDemo.title);
  await walk.openAndCheck('/app/no-such-page', T.pages.notFound.title);
  // Access Denied sends the recruiter on to /app after 3 s: checked as soon as it shows.
  await walk.open('/app/admin', T.admin.accessDenied.title, { quick: true });
  await walk.check('/app/admin as a recruiter');
}

async function walkDialogs(walk: ScreenWalk, d: WalkData) {
  const { page, T } = walk;
  await walk.open('/app/communications', T.communications.title);
  await page.getByRole('button', { name: T.communications.composeMessage }).click();
  await expect(walk.dialog(T.panels.compose.title)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await walk.checkDialog('the compose dialog');
  await walk.closeWithEscape(T.panels.compose.title);

  // The campaign wizard, step by step.
  await page.getByRole('button', { name: T.communications.newCampaign }).click();
  const wizard = walk.dialog(T.panels.wizard.title);
  await expect(wizard).toBeVisible();
  await walk.checkDialog('the campaign wizard, step 1');
  await wizard.getByTestId('campaign-type-nurture').click();
  await wizard.getByRole('textbox', { name: T.panels.wizard.campaignName }).fill(words());
  const poolInput = wizard.getByRole('combobox', { name: T.panels.wizard.talentPool, exact: true });
  await poolInput.click();
  await poolInput.fill(d.pool.name);
  await page.getByRole('option', { name: `${d.pool.name} (${d.pool.candidateCount})`, exact: true }).click();
  await wizard.getByRole('button', { name: T.panels.wizard.next }).click();
  await wizard.getByRole('textbox', { name: T.panels.wizard.emailSubject }).fill(words());
  await wizard.getByRole('textbox', { name: T.panels.wizard.emailContent }).fill(`Hoi {{firstName}}, ${words()}.`);
  await page.waitForLoadState('networkidle');
  await expect(wizard.locator('.mantine-Loader-root:visible')).toHaveCount(0);
  await walk.checkDialog('the campaign wizard, step 2');
  await wizard.getByRole('button', { name: T.panels.wizard.next }).click();
  await expect(wizard.getByTestId('campaign-reach')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await walk.checkDialog('the campaign wizard, step 3');
  // With a time of one's own and a send window: their fields open.
  await wizard.getByRole('radio', { name: T.panels.launch.scheduleOptions.custom }).check();
  // The interface's clock: Chromium's en-US keeps 12 hours, Dutch 24.
  const [start, end] = walk.language === 'en' ? ['9:00 AM', '11:00 AM'] : ['09:00', '11:00'];
  await wizard.getByRole('checkbox', { name: T.panels.launch.sendBetween.replace('{{start}}', start).replace('{{end}}', end) }).check();
  await expect(wizard.getByRole('checkbox', { name: T.panels.launch.weekdaysOnly })).toBeVisible();
  await walk.checkDialog('the campaign wizard, step 3 with a send time and window');
  // Last, its preview, as the pool's first member reads the emails, audited on its own: scrolled down to it, the
  // schedule's choices above sit partly under the dialog's header, which axe counts against their target size.
  await wizard.getByRole('button', { name: T.panels.preview.show }).click();
  await expect(wizard.getByTestId('preview-email').first()).toBeVisible();
  await walk.check('the campaign wizard\'s preview', { within: '[data-testid="email-preview"]' });
  await walk.closeWithEscape(T.panels.wizard.title);

  // The CSV import: the file, its columns and first rows, the report (one row refused).
  await walk.open('/app/people', T.people.title);
  await page.getByRole('button', { name: T.people.importCsv }).click();
  const importing = walk.dialog(T.people.import.title);
  await expect(importing).toBeVisible();
  await walk.checkDialog('the import, choosing a file');
  const rows = [words(), words()].map((name) => `${name.replace(' ', ';')};walk-${uniqueTag()}@example.org;Utrecht`);
  const csv = ['Voornaam;Achternaam;E-mailadres;Woonplaats', ...rows, `${uniqueWord()};${uniqueWord()};geen-adres;Delft`].join('\n');
  await importing.locator('input[type="file"]').setInputFiles({ name: 'walk.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(importing.getByTestId('import-preview-row')).toHaveCount(3);
  await walk.checkDialog('the import, columns and first rows');
  await importing.getByRole('button', { name: T.people.import.start }).click();
  await expect(importing.getByTestId('import-report')).toBeVisible({ timeout: budget(20_000) });
  await expect(importing.getByTestId('skipped-row')).toHaveCount(1);
  await walk.checkDialog('the import report');
  await walk.closeWithEscape(T.people.import.title);

  // The palette, empty and with a result.
  await page.getByRole('button', { name: walk.phone ? T.shell.openSearch : T.shell.search }).first().click();
  const search = page.getByPlaceholder(T.palette.placeholder);
  await expect(search).toBeVisible();
  await walk.checkDialog('the palette');
  await search.fill(d.person.name);
  await expect(page.getByTestId('palette-result').first()).toBeVisible();
  await walk.checkDialog('the palette with results');
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
}

async function walkAdmin(walk: ScreenWalk) {
  const { page, T } = walk;
  await walk.openAndCheck('/app/admin', T.admin.title, 'the Admin Portal, users');
  for (const tab of ['accessRequests', 'auditLog', 'suppressions'] as const) {
    await page.getByRole('tab', { name: T.admin.tabs[tab] }).click();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
    await walk.check(`the Admin Portal, ${tab}`);
  }
  // Candidates' data rights (issue 30): the two tabs with rows (an overdue request, an exemption) and their dialogs.
  const exempted = await newCandidate(page, { name: words() });
  for (const [path, data] of [
    ['/api/data-requests', { requesterName: words(), kind: 'erasure', source: 'email', receivedAt: new Date(Date.now() - 40 * 86_400_000).toISOString() }],
    ['/api/admin/retention-exemptions', { candidateId: exempted.id, reason: words() }],
  ] as const) {
    const written = await page.request.post(path, { data, headers: { origin: new URL(page.url()).origin } });
    expect(written.ok(), await written.text()).toBe(true);
  }
  for (const tab of ['retention', 'dataRequests'] as const) {
    await page.getByRole('tab', { name: T.dataRights.tabs[tab] }).click();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
    await walk.check(`the Admin Portal, ${tab}`);
  }
  await page.getByRole('button', { name: T.dataRights.requests.enter }).click();
  await expect(walk.dialog(T.dataRights.enterDialog.title)).toBeVisible();
  await walk.checkDialog('the Enter a request dialog');
  await walk.closeWithEscape(T.dataRights.enterDialog.title);
  await page.getByRole('tab', { name: T.dataRights.tabs.retention }).click();
  await page.getByRole('button', { name: T.dataRights.rules.add }).click();
  await expect(walk.dialog(T.dataRights.ruleDialog.addTitle)).toBeVisible();
  await walk.checkDialog('the Add a retention rule dialog');
  await walk.closeWithEscape(T.dataRights.ruleDialog.addTitle);
  await page.getByRole('tab', { name: T.admin.tabs.users }).click();
  await page.getByRole('button', { name: T.admin.users.newUser }).click();
  await expect(walk.dialog(T.admin.newUser.title)).toBeVisible();
  await walk.checkDialog('the New user dialog');
  await walk.closeWithEscape(T.admin.newUser.title);
  await walk.openAndCheck('/app/settings?tab=organisation', T.settings.title, 'Settings, organisation');
}

// ---- The variants ----

for (const language of LANGUAGES) {
  test.describe(`in ${language === 'en' ? 'English' : 'Dutch'}`, () => {
    test.describe('as the recruiter', () => {
      // The file's sign-in, read when each test starts (a fixture: the sign-in happens in beforeAll).
      test.use({ storageState: async ({ baseURL: _baseURL }, use) => { await use(recruiterState); } });
      if (language === 'nl') {
        test.beforeAll(async ({ browser }) => { await withPage(browser, recruiterState!, (page) => putLanguage(page, 'nl')); });
        test.afterAll(async ({ browser }) => { await withPage(browser, recruiterState!, (page) => putLanguage(page, null)); });
      }
      for (const size of SIZES) {
        test.describe(`at ${size.name}`, () => {
          test.use({ viewport: size.viewport });

          test('every page: clean, and named in the document title', async ({ page }) => {
            test.setTimeout(budget(240_000));
            const walk = new ScreenWalk(page, language, size.name);
            await walkPages(walk, data!);
            walk.expectClean();
          });

          test('the dialogs and the palette: clean while open', async ({ page }) => {
            test.setTimeout(budget(180_000));
            const walk = new ScreenWalk(page, language, size.name);
            await walkDialogs(walk, data!);
            walk.expectClean();
          });
        });
      }
    });

    test.describe('as the admin', () => {
      test.use({ storageState: async ({ baseURL: _baseURL }, use) => { await use(adminState); } });
      test.beforeAll(async ({ browser }) => {
        test.setTimeout(budget(90_000));
        adminState ??= await signedInState(browser, signInAdmin);
        if (language === 'nl') await withPage(browser, adminState, (page) => putLanguage(page, 'nl'));
      });
      if (language === 'nl') test.afterAll(async ({ browser }) => { await withPage(browser, adminState!, (page) => putLanguage(page, null)); });

      test('the Admin Portal, its New user dialog and the organisation\'s settings, at both sizes: clean', async ({ page }) => {
        test.setTimeout(budget(180_000));
        const walk = new ScreenWalk(page, language, SIZES[0].name);
        for (const size of SIZES) {
          await page.setViewportSize(size.viewport);
          walk.size = size.name;
          await walkAdmin(walk);
        }
        walk.expectClean();
      });
    });
  });
}

// What a candidate reads, in their language (decision 024, amended for issue 26): a campaign's mail
// has the footer and unsubscribe link of the campaign's language, whatever language its text looks
// like, through the real send path into the dev outbox; the unsubscribe page speaks the candidate's
// own language when it is known (issue 29), else the visitor's (Accept-Language), in every state, with
// <html lang> to match, as does a tracked link that is not valid. Every word is the catalogue's:
// asserted here as the candidate reads it.
import pg from 'pg';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '#edge-functions/app.ts';
import { APP_LOGIN_ROLE, appPoolConfig, appRolePassword, withUser } from '#platform/db/pools.server.ts';
import { freePort } from '#platform/runtime/ports.server.ts';
import { signInRecruiter, startAppWithWorker, type TestAppWithWorker, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { ORIGIN, TEST_SECRET } from '../support/constants.ts';
import { until } from '../support/until.ts';
import { newCandidate, newPool, uniqueTag } from '../support/test-data.ts';

const DUTCH = 'nl-NL,nl;q=0.9,en;q=0.8';
const ENGLISH = 'en-GB,en;q=0.9,nl;q=0.8';

let app: TestAppWithWorker;
let recruiter: TestClient;

beforeAll(async () => {
  app = await startAppWithWorker({ config: { openai: NO_AI, ...OUTBOX_MAIL } });
  recruiter = app.client({ ip: '10.26.0.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => {
  await app?.close();
});

/** What a person reads on a page: its title and body text, without tags, styles or form addresses. */
function visibleText(html: string): string {
  return html.replace(/<style>[\s\S]*?<\/style>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&#39;/g, "'").replace(/\s+/g, ' ').trim();
}

interface Page { status: number; lang: string | undefined; vary: string; text: string; html: string }

/** A browser's request: it asks for HTML in `language`; a POST is the page's form. */
async function browse(path: string, language: string, options: { method?: 'GET' | 'POST'; api?: typeof app.api } = {}): Promise<Page> {
  const method = options.method ?? 'GET';
  const response = await (options.api ?? app.api).request(`${ORIGIN}${path}`, {
    method,
    headers: {
      accept: 'text/html,application/xhtml+xml', 'accept-language': language,
      ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN } : {}),
    },
    body: method === 'POST' ? 'List-Unsubscribe=One-Click' : undefined,
  });
  const html = await response.text();
  return { status: response.status, lang: /<html lang="(\w+)"/.exec(html)?.[1], vary: response.headers.get('vary') ?? '', text: visibleText(html), html };
}

/** A message to a new candidate called Anna (with `fields`: her language): the token its unsubscribe link carries. */
async function tokenOfNewMessage(fields: Record<string, unknown> = {}): Promise<string> {
  const person = await newCandidate(recruiter, { name: `Anna Language ${uniqueTag()}`, ...fields });
  const created = await recruiter.post(`/api/candidates/${person.id}/messages`, { subject: 'Hello', content: 'A role for you', channel: 'email' });
  expect(created.status).toBe(201);
  const { rows } = await app.pools.owner.query<{ reply_token: string }>('select reply_token from public.messages where id = $1',
    [(created.json as { message: { id: number } }).message.id]);
  return rows[0].reply_token;
}

/** Each state's words, as the candidate reads them. */
const WORDS = {
  nl: {
    confirm: ['Afmelden, Anna?', 'Je ontvangt dan geen e-mails meer van onze recruiters.'],
    button: 'Afmelden',
    unsubscribed: ['Je bent afgemeld', 'Je ontvangt geen e-mails meer van ons.', 'Toch van gedachten veranderd?', 'Ik wil toch e-mails ontvangen'],
    resubscribed: ['Welkom terug', 'Je ontvangt onze e-mails weer. Afmelden kan altijd via de link in elke e-mail.'],
    notValid: ['Link niet geldig', 'Deze link is niet geldig', 'Misschien is hij niet helemaal gekopieerd.'],
    unavailable: ['Deze pagina is nu niet beschikbaar', 'Er ging bij ons iets mis. Probeer het over een paar minuten opnieuw.'],
    trackedLink: ['Deze link is niet geldig', 'In de e-mail waar hij vandaan komt, staat nog de juiste link.'],
    /** Words of the other language that must not be on the page. */
    other: /\b(Unsubscribe|You|Changed|Welcome|This link|email me|Something went wrong)\b/,
  },
  en: {
    confirm: ['Unsubscribe, Anna?', 'You will no longer receive emails from our recruiters.'],
    button: 'Unsubscribe',
    unsubscribed: ['You are unsubscribed', 'You will not receive our emails any more.', 'Changed your mind?', 'I changed my mind: email me again'],
    resubscribed: ['Welcome back', 'You will receive our emails again. You can unsubscribe at any time with the link in every email.'],
    notValid: ['Link not valid', 'This link is not valid', 'It may have been copied incompletely.'],
    unavailable: ['This page is not available right now', 'Something went wrong on our side. Please try again in a few minutes.'],
    trackedLink: ['This link is not valid', 'The email it came from still has the right link.'],
    other: /\b(Afmelden|Je |Toch|Welkom|Deze link|niet geldig|ontvangen)\b/,
  },
} as const;

describe.each([['nl', DUTCH], ['en', ENGLISH]] as const)('the unsubscribe page for a browser in %s', (lang, acceptLanguage) => {
  const words = WORDS[lang];
  const expectPage = (page: Page, status: number, texts: readonly string[]) => {
    expect(page.status).toBe(status);
    expect(page.lang).toBe(lang);
    expect(page.vary.toLowerCase()).toContain('accept-language');
    for (const text of texts) expect(page.text).toContain(text);
    expect(page.text).not.toMatch(words.other);
    // No script: the page works with forms alone.
    expect(page.html).not.toContain('<script');
  };

  it('asks first, unsubscribes with its button, says so again later, and takes the candidate back', async () => {
    const token = await tokenOfNewMessage();
    const confirm = await browse(`/api/unsubscribe/${token}`, acceptLanguage);
    expectPage(confirm, 200, words.confirm);
    expect(confirm.html).toContain(`<button type="submit">${words.button}</button>`);

    expectPage(await browse(`/api/unsubscribe/${token}`, acceptLanguage, { method: 'POST' }), 200, words.unsubscribed);
    expectPage(await browse(`/api/unsubscribe/${token}`, acceptLanguage), 200, words.unsubscribed);
    expectPage(await browse(`/api/unsubscribe/${token}/resubscribe`, acceptLanguage, { method: 'POST' }), 200, words.resubscribed);
  });

  it('says a link is not valid, on the page and after its buttons', async () => {
    const unknown = 'f'.repeat(24);
    expectPage(await browse(`/api/unsubscribe/${unknown}`, acceptLanguage), 404, words.notValid);
    expectPage(await browse(`/api/unsubscribe/${unknown}`, acceptLanguage, { method: 'POST' }), 404, words.notValid);
    expectPage(await browse(`/api/unsubscribe/${unknown}/resubscribe`, acceptLanguage, { method: 'POST' }), 404, words.notValid);
  });

  it('says to try again when the database does not answer', async () => {
    // The app role's pool on a port where nothing listens: every query fails to connect.
    const url = new URL(withUser(app.ownerUrl, APP_LOGIN_ROLE, appRolePassword(TEST_SECRET)));
    url.port = String(await freePort());
    const unreachable = new pg.Pool(appPoolConfig(url.toString(), 1, { statementMs: 5_000, connectMs: 300 }));
    unreachable.on('error', () => undefined);
    try {
      const api = createApi({
        pools: { owner: app.pools.owner, app: unreachable, close: () => Promise.resolve() }, identity: app.authService.identity,
        config: app.config, clientIp: () => '10.26.0.9',
      });
      expectPage(await browse(`/api/unsubscribe/${'a'.repeat(24)}`, acceptLanguage, { api }), 503, words.unavailable);
      expectPage(await browse(`/api/unsubscribe/${'a'.repeat(24)}`, acceptLanguage, { api, method: 'POST' }), 503, words.unavailable);
    } finally {
      await unreachable.end();
    }
  });

  it('a tracked link that is not valid says so in the same language', async () => {
    expectPage(await browse(`/api/t/c/${'0'.repeat(24)}?l=0`, acceptLanguage), 404, words.trackedLink);
  });
});

describe('the unsubscribe page speaks the candidate\'s own language when it is known, whatever the browser', () => {
  it.each([['dutch', 'nl', ENGLISH], ['english', 'en', DUTCH]] as const)('a %s candidate in a browser that prefers the other', async (language, lang, acceptLanguage) => {
    const words = WORDS[lang];
    const token = await tokenOfNewMessage({ language });
    for (const [page, texts] of [
      [await browse(`/api/unsubscribe/${token}`, acceptLanguage), words.confirm],
      [await browse(`/api/unsubscribe/${token}`, acceptLanguage, { method: 'POST' }), words.unsubscribed],
      [await browse(`/api/unsubscribe/${token}`, acceptLanguage), words.unsubscribed],
      [await browse(`/api/unsubscribe/${token}/resubscribe`, acceptLanguage, { method: 'POST' }), words.resubscribed],
    ] as const) {
      expect(page.status).toBe(200);
      expect(page.lang).toBe(lang);
      for (const text of texts) expect(page.text).toContain(text);
      expect(page.text).not.toMatch(words.other);
    }
    // A link that is not valid names no candidate: the browser's language.
    expect((await browse(`/api/unsubscribe/${'e'.repeat(24)}`, acceptLanguage)).lang).toBe(lang === 'nl' ? 'en' : 'nl');
  });
});

describe('a campaign mail speaks the campaign\'s language', () => {
  /** Sends a campaign in `language` to one new candidate; answers the delivered mail, parsed. */
  async function deliveredCampaignMail(language: 'dutch' | 'english', content: string) {
    const person = await newCandidate(recruiter, { name: `Sam Footer ${uniqueTag()}` });
    const pool = await newPool(recruiter, [person.id]);
    const created = await recruiter.post('/api/campaigns', {
      name: `Footer ${language} ${uniqueTag()}`, campaignType: 'nurture', talentPoolId: pool.id, language,
      emailSubject: 'Hello {{firstName}}', emailContent: content, messageTemplate: content, scheduledAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(created.status).toBe(201);
    const campaignId = (created.json as { campaign: { id: number } }).campaign.id;
    await until(() => recruiter.get(`/api/campaigns/${campaignId}`), (r) => r.json.status === 'sent');
    const { rows } = await app.pools.owner.query<{ raw: string; token: string }>(
      `select o.raw, m.reply_token as token from public.mail_outbox o join public.messages m on m.id = o.message_id where m.campaign_id = $1`,
      [campaignId]);
    expect(rows).toHaveLength(1);
    return { mail: await simpleParser(rows[0].raw), token: rows[0].token };
  }

  it('Dutch: the Dutch footer and link word, under text that reads English', async () => {
    const { mail, token } = await deliveredCampaignMail('dutch', 'Hi {{firstName}},\n\nThere is a new role in the city for you and your team.');
    const link = `${ORIGIN}/unsubscribe/${token}`;
    expect(mail.text).toContain(`-- \nJe ontvangt deze e-mail omdat je deel uitmaakt van ons talentnetwerk.\nAfmelden: ${link}\n`);
    expect(mail.text).not.toContain('talent network');
    expect(mail.html).toContain('<html lang="nl">');
    expect(mail.html).toContain(`Je ontvangt deze e-mail omdat je deel uitmaakt van ons talentnetwerk. <a href="${link}">Afmelden</a>`);

    // The candidate follows it in a Dutch browser: the page is Dutch too.
    const page = await browse(new URL(link).pathname.replace(/^\/unsubscribe/, '/api/unsubscribe'), DUTCH);
    expect(page.lang).toBe('nl');
    expect(page.text).toContain('Je ontvangt dan geen e-mails meer van onze recruiters.');
  });

  it('English: the English footer, under text that reads Dutch', async () => {
    const { mail, token } = await deliveredCampaignMail('english', 'Hoi {{firstName}},\n\nWij hebben een mooie baan voor je en het is in de stad.');
    const link = `${ORIGIN}/unsubscribe/${token}`;
    expect(mail.text).toContain(`-- \nYou receive this email because you are part of our talent network.\nUnsubscribe: ${link}\n`);
    expect(mail.text).not.toContain('talentnetwerk');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain(`You receive this email because you are part of our talent network. <a href="${link}">Unsubscribe</a>`);
  });
});

// The public pages speak the visitor's language (decision 024): `node server.ts` picks
// Dutch for an Accept-Language that prefers it and English otherwise, with <html lang>
// to match, on the prerendered pages, the 404 and the candidate's booking page; the
// booking page speaks the candidate's own language first when it is known (issue 29),
// and the visitor can switch it.
// Needs the built site (`npm run build`), like server-headers.test.ts.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.ts';
import { newBookableRecruiter, newLink } from '../support/meeting-data.ts';
import { assertBuilt, startServerProcess, type RunningServer } from '../support/server-process.ts';
import { acceptedLanguages } from '#site/components/public/language.ts';
import { budget } from '../support/time-scale.ts';

const DUTCH = 'nl-NL,nl;q=0.9,en;q=0.8';
const ENGLISH = 'en-GB,en;q=0.9,nl;q=0.8';

let app: TestApp;
let server: RunningServer;
let base: string;
let token: string;
/** Links of a candidate whose language is Dutch, and of one whose language is English. */
let dutchToken: string;
let englishToken: string;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'talentloop-language-'));

beforeAll(async () => {
  assertBuilt('client/nl/login.html', 'client/nl.html', 'client/nl/about.html');
  app = await startTestApp();
  const recruiter = await newBookableRecruiter(app);
  token = (await newLink(recruiter)).token;
  dutchToken = (await newLink(recruiter, { language: 'dutch' })).token;
  englishToken = (await newLink(recruiter, { language: 'english' })).token;
  server = await startServerProcess({ databaseUrl: app.ownerUrl, dataDir, env: (url) => ({ PUBLIC_URL: url }) });
  base = server.url;
}, budget(90_000));

afterAll(async () => {
  await server?.stop();
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function page(pathname: string, acceptLanguage?: string) {
  const response = await fetch(`${base}${pathname}`, { headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
  const html = await response.text();
  return {
    status: response.status, html, lang: /<html lang="(\w+)"/.exec(html)?.[1], vary: response.headers.get('vary') ?? '',
    policy: response.headers.get('content-security-policy') ?? '',
  };
}

/** The words a form page handed its script (data-texts on the form). */
function scriptWords(html: string): Record<string, string> {
  const attribute = /<form [^>]*data-texts="([^"]*)"/.exec(html)?.[1];
  if (!attribute) throw new Error('No data-texts on the form');
  return JSON.parse(attribute.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
}

/** The hashes a policy must list for the page's style="…" attributes (astro.config.mjs styleAttributeHashes). */
function styleAttributeHashes(html: string): string[] {
  return [...new Set([...html.matchAll(/\sstyle="([^"]*)"/g)].map((match) => match[1]))]
    .map((value) => `'sha256-${createHash('sha256').update(value).digest('base64')}'`);
}

describe('Accept-Language', () => {
  it('is read by quality, then in the order given', () => {
    expect(acceptedLanguages('en;q=0.5, nl-NL, de;q=0.8')).toEqual(['nl-NL', 'de', 'en']);
    expect(acceptedLanguages('nl;q=0, en')).toEqual(['en']);
    expect(acceptedLanguages(null)).toEqual([]);
  });
});

describe('public pages by language', () => {
  it('serves the sign-in page in Dutch to a Dutch browser, in English otherwise, word for word', async () => {
    const dutch = await page('/login', DUTCH);
    expect(dutch.status).toBe(200);
    expect(dutch.lang).toBe('nl');
    expect(dutch.html).toContain('Welkom terug');
    expect(dutch.html).toContain('Toegang nodig? Neem contact op met je beheerder');
    expect(dutch.vary).toMatch(/accept-language/i);

    for (const accept of [ENGLISH, undefined, 'de-DE,fr;q=0.9']) {
      const english = await page('/login', accept);
      expect(english.lang, accept).toBe('en');
      expect(english.html, accept).toContain('Need access? Contact your administrator');
      expect(english.html, accept).toContain('>Sign In</button>');
    }
  });

  it('serves the landing page in Dutch to a Dutch browser, with its style attributes allowed by hash, and word for word in English otherwise', async () => {
    const dutch = await page('/', DUTCH);
    expect(dutch.status).toBe(200);
    expect(dutch.lang).toBe('nl');
    expect(dutch.vary).toMatch(/accept-language/i);
    expect(dutch.html).toContain('Houd elke kandidaat <span class="gradient-text nowrap">in the loop</span>');
    expect(dutch.html).toContain('>Toegang aanvragen</a>');
    expect(dutch.html).toContain('Betrokkenheidsscores van <span class="nowrap">0-100%</span>');
    expect(dutch.html).toContain('>Inloggen</a>');
    expect(dutch.html).not.toContain('<script');
    const hashes = styleAttributeHashes(dutch.html);
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(dutch.policy).toContain(hash);
    expect(dutch.policy).toContain("style-src-attr 'unsafe-hashes'");

    for (const accept of [ENGLISH, undefined]) {
      const english = await page('/', accept);
      expect(english.lang, accept).toBe('en');
      expect(english.html, accept).toContain('<title>Talentloop · Talent pools, nurture campaigns and self-booking for recruiters</title>');
      expect(english.html, accept).toContain('Keep every candidate <span class="gradient-text nowrap">in the loop</span>');
      expect(english.html, accept).toContain('>Request Access</a>');
      expect(english.html, accept).toContain('>Sign In</a>');
      expect(english.html, accept).toContain('Engagement scores from <span class="nowrap">0-100%</span>');
      expect(english.html, accept).toContain('<small>Scores from 0-100%</small>');
      for (const hash of styleAttributeHashes(english.html)) expect(english.policy, accept).toContain(hash);
    }
  });

  it('serves the about page in the visitor\'s language', async () => {
    const dutch = await page('/about', DUTCH);
    expect(dutch.status).toBe(200);
    expect(dutch.lang).toBe('nl');
    expect(dutch.html).toContain('<title>Over ons · Talentloop</title>');
    expect(dutch.html).toContain('Waarom we het bouwden');
    expect(dutch.html).toContain('<dd>Scores van 0-100%</dd>');
    // The nav marks the page it is on at its English address, where the Dutch copy is served.
    expect(dutch.html).toMatch(/<a class="site-nav__link" href="\/about" aria-current="page">\s*Over ons\s*<\/a>/);

    const english = await page('/about', ENGLISH);
    expect(english.lang).toBe('en');
    expect(english.html).toContain('<title>About · Talentloop</title>');
    expect(english.html).toContain('Recruiting outreach that feels <span class="gradient-text">personal</span> again');
    expect(english.html).toContain('<dd>Scores from 0-100%</dd>');
    expect(english.html).toContain('>Request Access</a>');
  });

  it('hands the form scripts their words in the page\'s language', async () => {
    expect(scriptWords((await page('/login', DUTCH)).html)).toMatchObject({
      enterBoth: 'Vul zowel je gebruikersnaam als je wachtwoord in', failed: 'Inloggen mislukt', dismiss: 'Melding sluiten',
    });
    expect(scriptWords((await page('/login', ENGLISH)).html)).toMatchObject({
      enterBoth: 'Please enter both username and password', failed: 'Login Failed', invalidCredentials: 'Invalid credentials',
      notifications: 'Notifications (F8)', dismiss: 'Dismiss notification',
    });
    expect(scriptWords((await page('/verify-2fa', DUTCH)).html)).toMatchObject({ failed: 'Verificatie mislukt' });
    expect(scriptWords((await page('/verify-2fa', ENGLISH)).html)).toMatchObject({ failed: 'Verification Failed' });
    expect(scriptWords((await page('/request-access', DUTCH)).html)).toMatchObject({ failed: 'Aanvraag mislukt' });
    expect(scriptWords((await page('/request-access', ENGLISH)).html)).toMatchObject({ failed: 'Request Failed' });
  });

  it('serves request access, two-factor and the 404 in the visitor\'s language', async () => {
    expect((await page('/request-access', DUTCH)).html).toContain('Aanvraag versturen');
    expect((await page('/request-access', ENGLISH)).html).toContain('Send request');
    expect((await page('/verify-2fa', DUTCH)).html).toContain('Verificatiecode');
    expect((await page('/verify-2fa', ENGLISH)).html).toContain('Verification code');

    const missingDutch = await page('/no-such-page', DUTCH);
    expect(missingDutch.status).toBe(404);
    expect(missingDutch.lang).toBe('nl');
    expect(missingDutch.html).toContain('Pagina niet gevonden');
    const missing = await page('/no-such-page', ENGLISH);
    expect(missing.status).toBe(404);
    expect(missing.lang).toBe('en');
    expect(missing.html).toContain('Page not found');
  });

  it('shows the candidate their booking page in Dutch, with the island\'s texts, and in English otherwise', async () => {
    const dutch = await page(`/book/${token}`, DUTCH);
    expect(dutch.status).toBe(200);
    expect(dutch.lang).toBe('nl');
    expect(dutch.html).toMatch(/<p class="bk-greeting">Hoi \w+,<\/p>/);
    expect(dutch.html).toContain('Plan een Intro call met ');
    expect(dutch.html).toContain('<dt>Duur</dt><dd>30 minuten</dd>');
    expect(dutch.html).toContain('Kies een tijd');
    expect(dutch.html).toContain('data-lang="nl"');
    expect(dutch.html).toContain('Vrije tijden worden geladen…');
    expect(dutch.vary).toMatch(/accept-language/i);

    const english = await page(`/book/${token}`, ENGLISH);
    expect(english.lang).toBe('en');
    expect(english.html).toMatch(/<p class="bk-greeting">Hi \w+,<\/p>/);
    expect(english.html).toContain('Book an Intro call with ');
    expect(english.html).toContain('<dt>Duration</dt><dd>30 minutes</dd>');
    expect(english.html).toContain('Pick a time');

    // The switch to the other language, named in it.
    expect(english.html).toContain('<a href="?lang=nl" lang="nl" hreflang="nl">Deze pagina in het Nederlands</a>');
    expect(dutch.html).toContain('<a href="?lang=en" lang="en" hreflang="en">This page in English</a>');

    const unknown = await page('/book/not-a-real-token', DUTCH);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('Deze link is niet geldig');
    expect((await page('/book/not-a-real-token')).html).toContain('This link is not valid');
  });

  it("speaks the candidate's own language whatever the browser; the visitor can switch, and the switch stays on the page's links", async () => {
    const dutch = await page(`/book/${dutchToken}`, ENGLISH);
    expect(dutch.status).toBe(200);
    expect(dutch.lang).toBe('nl');
    expect(dutch.html).toMatch(/<p class="bk-greeting">Hoi \w+,<\/p>/);
    expect(dutch.html).toContain('Kies een tijd');
    expect(dutch.html).toContain('data-lang="nl"');
    expect(dutch.html).toContain('<a href="?lang=en" lang="en" hreflang="en">This page in English</a>');
    const english = await page(`/book/${englishToken}`, DUTCH);
    expect(english.lang).toBe('en');
    expect(english.html).toContain('Pick a time');

    const switched = await page(`/book/${dutchToken}?lang=en`, DUTCH);
    expect(switched.lang).toBe('en');
    expect(switched.html).toContain('Pick a time');
    expect(switched.html).toContain('data-lang="en"');
    expect(switched.html).toContain('<a href="?lang=nl" lang="nl" hreflang="nl">Deze pagina in het Nederlands</a>');
    // The page's own links keep the choice; without one they carry none.
    const cancel = await page(`/book/${dutchToken}/cancel?lang=en`, DUTCH);
    expect(cancel.lang).toBe('en');
    expect(cancel.html).toContain(`href="/book/${dutchToken}?lang=en"`);
    expect((await page(`/book/${dutchToken}/cancel`)).html).toContain(`href="/book/${dutchToken}"`);
    // Only our two languages can be chosen: another is the candidate's.
    expect((await page(`/book/${dutchToken}?lang=de`, ENGLISH)).lang).toBe('nl');
  });
});

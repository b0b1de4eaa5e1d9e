// The candidate's privacy page, no sign-in: the token of an email's "Your data" link is the credential
// (domain/privacy/privacy-page.server.ts). Mounted at /api/public/privacy; server.ts serves the page at
// /privacy/{token} and the renewal email's step at /privacy/{token}/keep-informed.
// Each route answers JSON (the API) or, to a browser, a page: GET with Accept: text/html renders it, and the
// page's plain forms (no client JS) POST here and are sent back to the page with a notice (303). A GET never
// changes consent (mail scanners follow links): keep-informed is a page with one button.
// In the candidate's language when known, else the visitor's (Accept-Language); every word from the catalogue
// (linkPages.privacy, linkPages.keepInformed). Rate-limited like the booking page (token-limits.ts).
import { Hono, type Context } from 'hono';
import { escapeHtml } from '#domain/html.ts';
import { candidateLocale, type Locale } from '#domain/i18n/locale.ts';
import { codeText, text } from '#domain/i18n/translate.ts';
import {
  PRIVACY_CHANGES_PER_READER, PRIVACY_CHANGES_PER_TOKEN, PRIVACY_PER_IP, PRIVACY_PER_READER,
} from '#platform/http/rate-limit.server.ts';
import {
  askErasure, correctDetails, privacyExport, privacyOverview, setConsent, undoErasure,
} from '#domain/privacy/privacy-page.server.ts';
import {
  privacyConsentAnswerSchema, privacyConsentSchema, privacyCorrectedSchema, privacyCorrectionSchema, privacyErasureSchema,
  privacyErasureUndoneSchema, privacyExportSchema, privacyOverviewSchema, privacyTokenParam, type PrivacyOverview,
} from '#domain/privacy/schemas.ts';
import { consentDate } from '#domain/privacy/renewal.server.ts';
import type { AppEnv } from '../context.ts';
import { doc, formOrBody, isFormPost, pathParams, reply } from '../contract.ts';
import type { HttpError } from '../http.ts';
import { inlineStylePageCsp } from '../security-headers.ts';
import { asLinkPage, LINK_PAGE_STYLE, linkPage, linkPageWords, type LinkPageWords } from '../link-page.ts';
import { limitTokenPage } from '../token-limits.ts';

/** The link pages' style and what a longer page needs: sections, tables that scroll on a phone, a form. */
export const PRIVACY_PAGE_STYLE = `${LINK_PAGE_STYLE}
body{padding:8px;box-sizing:border-box}main{width:100%;max-width:760px;box-sizing:border-box;padding:16px;min-width:0}
h2{font-size:1.1rem;margin:28px 0 8px}h3{font-size:1rem;margin:20px 0 8px}p{line-height:1.5}.muted{color:#6b7280}
dl{display:grid;grid-template-columns:1fr;gap:2px 16px;margin:0}dt{color:#6b7280;font-size:.9rem}dd{margin:0 0 8px;overflow-wrap:anywhere}
@media (min-width:560px){body{padding:16px}main{padding:32px}dl{grid-template-columns:max-content 1fr;gap:6px 16px}dd{margin:0}}
.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e5e7eb;vertical-align:top;overflow-wrap:break-word}th,td:first-child{white-space:nowrap}
label{display:block;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:8px;border:1px solid #9ca3af;border-radius:6px;font-size:1rem}
form{margin:8px 0}form.inline{display:inline-block;margin:4px 8px 4px 0}button{margin-top:12px}form.inline button{margin-top:0}
a.button{display:inline-block;background:#1d4ed8;color:#fff;border-radius:8px;padding:10px 18px;text-decoration:none}
.notice{background:#ecfdf5;border:1px solid #a7f3d0;border-radius:8px;padding:10px 14px}.notice.problem{background:#fef2f2;border-color:#fecaca}`;

const LIMITS = {
  perIp: PRIVACY_PER_IP, perReader: PRIVACY_PER_READER, changesPerReader: PRIVACY_CHANGES_PER_READER, changesPerToken: PRIVACY_CHANGES_PER_TOKEN,
};
const guard = (c: Context<AppEnv>, token: string, options?: { change?: boolean }) => limitTokenPage(c, LIMITS, token, options);

/** The notices the page shows after one of its forms (?notice=…); any other value is ignored. */
const NOTICES = ['corrected', 'unchanged', 'emailWithdrawn', 'whatsappWithdrawn', 'emailGranted', 'whatsappGranted', 'erasureScheduled',
  'erasureUndone'] as const;
type Notice = typeof NOTICES[number];
const isNotice = (value: string | undefined): value is Notice => (NOTICES as readonly string[]).includes(value ?? '');

const PAGE = 'text/html';
const wantsPage = (c: Context) => (c.req.header('accept') ?? '').includes(PAGE);
const pagePath = (token: string) => `/privacy/${encodeURIComponent(token)}`;
const apiPath = (token: string) => `/api/public/privacy/${encodeURIComponent(token)}`;

/** The candidate's language when known; else the visitor's (the answer varies with Accept-Language either way). */
const localeFor = (overview: PrivacyOverview, visitor: Locale): Locale => candidateLocale(overview.language, visitor);

const DATE_TIME_LOCALES: Record<Locale, string> = { en: 'en-GB', nl: 'nl-NL' };
const dateTime = (at: string, locale: Locale, timeZone: string) =>
  new Intl.DateTimeFormat(DATE_TIME_LOCALES[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(at));

const h = escapeHtml;
const hidden = (fields: Record<string, string>) =>
  Object.entries(fields).map(([name, value]) => `<input type="hidden" name="${h(name)}" value="${h(value)}">`).join('');
const button = (action: string, label: string, fields: Record<string, string> = {}, secondary = false) =>
  `<form class="inline" method="post" action="${h(action)}">${hidden(fields)}<button type="submit"${secondary ? ' class="secondary"' : ''}>${h(label)}</button></form>`;
const table = (head: string[], rows: string[][]) => `<div class="scroll"><table><thead><tr>${head.map((cell) => `<th>${h(cell)}</th>`).join('')}</tr></thead>
<tbody>${rows.map((row) => `<tr>${row.map((cell) => `<td>${h(cell)}</td>`).join('')}</tr>`).join('\n')}</tbody></table></div>`;

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** The privacy page: what we hold, and the forms that download, correct, withdraw consent and erase. */
function privacyPage(locale: Locale, token: string, o: PrivacyOverview, notice: { text: string; problem?: boolean } | null): string {
  const t: LinkPageWords = linkPageWords(locale);
  const date = (at: string) => consentDate(at, locale, o.timeZone);
  const d = o.details;
  const none = `<span class="muted">${h(t('privacy.details.none'))}</span>`;
  const value = (v: string | null | undefined) => (v?.trim() ? h(v) : none);
  const name = firstName(d.name);
  const action = (path: string) => `${apiPath(token)}${path}`;

  const details = `<dl>
<dt>${h(t('privacy.details.name'))}</dt><dd>${value(d.name)}</dd>
<dt>${h(t('privacy.details.email'))}</dt><dd>${value(d.email)}</dd>
<dt>${h(t('privacy.details.phone'))}</dt><dd>${value(d.phone)}</dd>
<dt>${h(t('privacy.details.location'))}</dt><dd>${value(d.location)}</dd>
<dt>${h(t('privacy.details.jobFunction'))}</dt><dd>${value(d.jobFunction)}</dd>
<dt>${h(t('privacy.details.skills'))}</dt><dd>${value(d.skills.join(', '))}</dd>
<dt>${h(t('privacy.details.seniority'))}</dt><dd>${d.seniorityLevel ? h(text(locale, `people.seniority.${d.seniorityLevel}`)) : none}</dd>
<dt>${h(t('privacy.details.source'))}</dt><dd>${h(t(`privacy.details.sources.${d.source}`))}</dd>
<dt>${h(t('privacy.details.created'))}</dt><dd>${h(date(d.createdAt))}</dd>
</dl>
<p>${h(o.talentPools === 0 ? t('privacy.pools.none') : o.talentPools === 1 ? t('privacy.pools.one') : t('privacy.pools.many', { count: o.talentPools }))}</p>`;

  const messages = o.messages.length
    ? table([t('privacy.messages.date'), t('privacy.messages.direction'), t('privacy.messages.subject')],
      o.messages.map((m) => [dateTime(m.date, locale, o.timeZone), t(`privacy.messages.${m.direction}`), m.subject ?? t('privacy.messages.noSubject')]))
    : `<p class="muted">${h(t('privacy.messages.none'))}</p>`;
  const meetings = o.meetings.length
    ? table([t('privacy.meetings.date'), t('privacy.meetings.status')],
      o.meetings.map((m) => [dateTime(m.date, locale, o.timeZone), text(locale, `meetings.statuses.${m.status}`)]))
    : `<p class="muted">${h(t('privacy.meetings.none'))}</p>`;

  const email = o.consent.email;
  const emailState = email.expired && email.expiresAt ? t('privacy.consent.emailExpired', { date: date(email.expiresAt) })
    : email.granted ? (email.expiresAt ? t('privacy.consent.emailGranted', { date: date(email.expiresAt) }) : t('privacy.consent.emailGrantedNoEnd'))
    : t('privacy.consent.emailNot');
  const consent = `<p>${h(emailState)}</p>
${email.granted && !email.expired ? button(action('/consent'), t('privacy.consent.withdrawEmail'), { channel: 'email', granted: 'false' }, true)
    : button(action('/consent'), t('privacy.consent.grantEmail'), { channel: 'email', granted: 'true' })}
<p>${h(o.consent.whatsapp.granted ? t('privacy.consent.whatsappGranted') : t('privacy.consent.whatsappNot'))}</p>
${o.consent.whatsapp.granted ? button(action('/consent'), t('privacy.consent.withdrawWhatsapp'), { channel: 'whatsapp', granted: 'false' }, true) : ''}
<h3>${h(t('privacy.consent.history'))}</h3>
${o.consentHistory.length
    ? table([t('privacy.consent.date'), t('privacy.consent.channel'), t('privacy.consent.choice'), t('privacy.consent.wording')],
      o.consentHistory.map((e) => [dateTime(e.date, locale, o.timeZone), t(`privacy.consent.channels.${e.channel}`),
        e.granted ? t('privacy.consent.granted') : t('privacy.consent.withdrawn'), e.wording ?? '']))
    : `<p class="muted">${h(t('privacy.consent.none'))}</p>`}`;

  const correct = `<form method="post" action="${h(action('/correction'))}">
<label for="name">${h(t('privacy.correct.name'))}</label><input id="name" name="name" value="${h(d.name)}" maxlength="200" required autocomplete="name">
<label for="phone">${h(t('privacy.correct.phone'))}</label><input id="phone" name="phone" value="${h(d.phone ?? '')}" maxlength="40" autocomplete="tel" inputmode="tel">
<label for="location">${h(t('privacy.correct.location'))}</label><input id="location" name="location" value="${h(d.location ?? '')}" maxlength="120">
<button type="submit">${h(t('privacy.correct.button'))}</button></form>`;

  const erasure = o.erasure;
  const erase = erasure?.state === 'scheduled' && erasure.executeAfter
    ? `<p>${h(t('privacy.erase.scheduled', { date: date(erasure.executeAfter) }))}</p>${button(action('/erase/undo'), t('privacy.erase.undo'))}`
    : erasure?.state === 'refused' && erasure.resolution
      ? `<p>${h(t('privacy.erase.refused', { reason: erasure.resolution }))}</p>`
      : `<p>${h(t('privacy.erase.text'))}</p>${button(action('/erase'), t('privacy.erase.button'), {}, true)}`;

  return linkPage(locale, t('privacy.title'), `${notice ? `<p class="notice${notice.problem ? ' problem' : ''}" role="status">${h(notice.text)}</p>` : ''}
<h1>${h(name ? t('privacy.heading', { name }) : t('privacy.headingNoName'))}</h1>
<p>${h(t('privacy.intro'))}</p>
<section><h2>${h(t('privacy.details.heading'))}</h2>${details}</section>
<section><h2>${h(t('privacy.messages.heading'))}</h2>${messages}</section>
<section><h2>${h(t('privacy.meetings.heading'))}</h2>${meetings}</section>
<section><h2>${h(t('privacy.consent.heading'))}</h2>${consent}</section>
<section><h2>${h(t('privacy.download.heading'))}</h2><p>${h(t('privacy.download.text'))}</p>
<a class="button" href="${h(action('/export'))}" download>${h(t('privacy.download.button'))}</a></section>
<section><h2>${h(t('privacy.correct.heading'))}</h2>${correct}</section>
<section><h2>${h(t('privacy.erase.heading'))}</h2>${erase}</section>`, PRIVACY_PAGE_STYLE);
}

/** The renewal email's step: one button that renews (or, once renewed, the thanks). */
function keepInformedPage(locale: Locale, token: string, o: PrivacyOverview, renewed: boolean): string {
  const t = linkPageWords(locale);
  const email = o.consent.email;
  const valid = email.granted && !email.expired && email.expiresAt;
  const privacyLink = `<p><a href="${h(pagePath(token))}">${h(t('keepInformed.privacyLink'))}</a></p>`;
  if (renewed && valid) {
    return linkPage(locale, t('keepInformed.done.title'), `<h1>${h(t('keepInformed.done.heading'))}</h1>
<p>${h(t('keepInformed.done.text', { date: consentDate(email.expiresAt!, locale, o.timeZone) }))}</p>${privacyLink}`, PRIVACY_PAGE_STYLE);
  }
  const name = firstName(o.details.name);
  return linkPage(locale, t('keepInformed.title'), `<h1>${h(name ? t('keepInformed.heading', { name }) : t('keepInformed.headingNoName'))}</h1>
<p>${h(valid ? t('keepInformed.text', { date: consentDate(email.expiresAt!, locale, o.timeZone) }) : t('keepInformed.textExpired'))}</p>
<form method="post" action="${h(`${apiPath(token)}/consent`)}">${hidden({ channel: 'email', granted: 'true', via: 'keep_informed' })}
<button type="submit">${h(t('keepInformed.button'))}</button></form>${privacyLink}`, PRIVACY_PAGE_STYLE);
}

/** A page's answer even when the work fails (a wrong token: the not-valid page, which names no one). */
const asPage = (c: Context<AppEnv>, work: (visitor: Locale) => Promise<Response>) =>
  asLinkPage(c, { notValid: 'privacy.notValid', style: PRIVACY_PAGE_STYLE }, work);

/** Back to the page with a notice: reloading it does not send the form again. */
const backToPage = (c: Context, token: string, notice: Notice, path = '') =>
  c.redirect(`${pagePath(token)}${path}?notice=${notice}`, 303);

/** An HTML form's values that did not parse: the page again, saying what and why, with nothing changed. */
async function problemPage(c: Context<AppEnv>, token: string, visitor: Locale, problem: HttpError): Promise<Response> {
  const overview = await privacyOverview(c.var.deps.pools.app, token);
  const locale = localeFor(overview, visitor);
  const reason = codeText(locale, problem.code, problem.params);
  return c.html(privacyPage(locale, token, overview, { text: linkPageWords(locale)('privacy.invalid', { reason }), problem: true }), 400);
}

/** A form's text fields as the JSON the schemas read: 'true'/'false' as booleans, an absent field left out. */
const formFields = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields)
  .map(([name, value]) => [name, value === 'true' ? true : value === 'false' ? false : value]));

export const publicPrivacyRoutes = new Hono<AppEnv>()
  // The pages' one stylesheet is allowed by its hash; they cannot be framed. Nothing here may be cached: it is a person's data.
  .use('*', inlineStylePageCsp(PRIVACY_PAGE_STYLE))
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('Vary', 'Accept', { append: true });
  })

  /** Changes nothing. A browser (Accept: text/html) gets the page, with ?notice=… after one of its forms. */
  .get('/:token', doc({ summary: 'What the privacy link\'s candidate can see about themselves: details, pools (a count), messages, meetings, consent and its history (a browser gets the page)',
    access: 'public', tag: 'privacy', response: privacyOverviewSchema }),
  pathParams(privacyTokenParam), async (c) => {
    const { token } = c.req.valid('param');
    if (wantsPage(c)) {
      return asPage(c, async (visitor) => {
        await guard(c, token);
        const overview = await privacyOverview(c.var.deps.pools.app, token);
        const locale = localeFor(overview, visitor);
        const asked = c.req.query('notice');
        const notice = isNotice(asked) ? { text: linkPageWords(locale)(`privacy.notices.${asked}`, {
          date: overview.erasure?.executeAfter ? consentDate(overview.erasure.executeAfter, locale, overview.timeZone) : '',
        }) } : null;
        return c.html(privacyPage(locale, token, overview, notice));
      });
    }
    await guard(c, token);
    return reply(c, privacyOverviewSchema, await privacyOverview(c.var.deps.pools.app, token));
  })

  /** The renewal email's link: a page with one button (a GET changes nothing). */
  .get('/:token/keep-informed', doc({ summary: 'The consent renewal email\'s page: one button that keeps email consent (a GET changes nothing)',
    access: 'public', tag: 'privacy', response: { contentType: PAGE, description: 'The page, in the candidate\'s language (else Accept-Language); 404: the link is not valid' } }),
  pathParams(privacyTokenParam), (c) => asPage(c, async (visitor) => {
    const { token } = c.req.valid('param');
    await guard(c, token);
    const overview = await privacyOverview(c.var.deps.pools.app, token);
    return c.html(keepInformedPage(localeFor(overview, visitor), token, overview, c.req.query('notice') === 'renewed'));
  }))

  /** The download: all of the above with the messages' texts and the engagement events; recorded as an access request, done. */
  .get('/:token/export', doc({ summary: 'Download what we hold about the candidate as JSON (art. 15 and 20); recorded as an access request, done',
    access: 'public', tag: 'privacy', response: privacyExportSchema, headers: { 'Content-Disposition': 'attachment; filename="your-data.json"' } }),
  pathParams(privacyTokenParam), async (c) => {
    const { token } = c.req.valid('param');
    await guard(c, token);
    const data = await privacyExport(c.var.deps.pools.app, token, { record: c.req.method !== 'HEAD' });
    c.header('Content-Disposition', `attachment; filename="your-data-${data.exportedAt.slice(0, 10)}.json"`);
    return reply(c, privacyExportSchema, data);
  })

  /** Name, phone and location, checked as the candidate API checks them; recorded as a correction request, done, and audited. */
  .post('/:token/correction', doc({ summary: 'Correct the candidate\'s name, phone or location (a page\'s form is sent back to the page)',
    access: 'public', tag: 'privacy', response: privacyCorrectedSchema, alsoAnswers: { 303: { contentType: PAGE, description: 'Back to the page' } } }),
  pathParams(privacyTokenParam), formOrBody(privacyCorrectionSchema, formFields), async (c) => {
    const { token } = c.req.valid('param');
    const pool = c.var.deps.pools.app;
    if (isFormPost(c)) {
      return asPage(c, async (visitor) => {
        await guard(c, token, { change: true });
        if (c.var.formProblem) return problemPage(c, token, visitor, c.var.formProblem);
        const changed = await correctDetails(pool, token, c.req.valid('json'));
        return backToPage(c, token, changed.length ? 'corrected' : 'unchanged');
      });
    }
    await guard(c, token, { change: true });
    const changed = await correctDetails(pool, token, c.req.valid('json'));
    return reply(c, privacyCorrectedSchema, { success: true, status: changed.length ? 'corrected' : 'unchanged', changed });
  })

  /** The candidate's own consent per channel (ledger source 'candidate'): withdrawn, or given (the keep-informed button renews it). */
  .post('/:token/consent', doc({ summary: 'Withdraw (or give) consent on one channel as the candidate\'s own choice; an email grant renews its expiry',
    access: 'public', tag: 'privacy', response: privacyConsentAnswerSchema, alsoAnswers: { 303: { contentType: PAGE, description: 'Back to the page' } } }),
  pathParams(privacyTokenParam), formOrBody(privacyConsentSchema, formFields), async (c) => {
    const { token } = c.req.valid('param');
    const pool = c.var.deps.pools.app;
    if (isFormPost(c)) {
      return asPage(c, async (visitor) => {
        await guard(c, token, { change: true });
        if (c.var.formProblem) return problemPage(c, token, visitor, c.var.formProblem);
        const input = c.req.valid('json');
        await setConsent(pool, token, input);
        if (input.via === 'keep_informed') return c.redirect(`${pagePath(token)}/keep-informed?notice=renewed`, 303);
        return backToPage(c, token, `${input.channel}${input.granted ? 'Granted' : 'Withdrawn'}`);
      });
    }
    await guard(c, token, { change: true });
    const { written, consent } = await setConsent(pool, token, c.req.valid('json'));
    return reply(c, privacyConsentAnswerSchema, { success: true, status: written ? 'changed' : 'already', consent });
  })

  /** Erasure after the undo window (7 days): a scheduled erasure request, which the worker carries out unless an admin keeps the data. */
  .post('/:token/erase', doc({ summary: 'Ask for erasure: scheduled after a 7-day undo window (a page\'s form is sent back to the page)',
    access: 'public', tag: 'privacy', response: privacyErasureSchema, alsoAnswers: { 303: { contentType: PAGE, description: 'Back to the page' } } }),
  pathParams(privacyTokenParam), async (c) => {
    const { token } = c.req.valid('param');
    const pool = c.var.deps.pools.app;
    if (isFormPost(c)) {
      return asPage(c, async () => {
        await guard(c, token, { change: true });
        await askErasure(pool, token);
        return backToPage(c, token, 'erasureScheduled');
      });
    }
    await guard(c, token, { change: true });
    const { status, executeAfter } = await askErasure(pool, token);
    return reply(c, privacyErasureSchema, { success: true, status, executeAfter });
  })

  /** "Undo" during the window: the scheduled erasure is withdrawn. */
  .post('/:token/erase/undo', doc({ summary: 'Undo a scheduled erasure before it is carried out (a page\'s form is sent back to the page)',
    access: 'public', tag: 'privacy', response: privacyErasureUndoneSchema, alsoAnswers: { 303: { contentType: PAGE, description: 'Back to the page' } } }),
  pathParams(privacyTokenParam), async (c) => {
    const { token } = c.req.valid('param');
    const pool = c.var.deps.pools.app;
    if (isFormPost(c)) {
      return asPage(c, async () => {
        await guard(c, token, { change: true });
        await undoErasure(pool, token);
        return backToPage(c, token, 'erasureUndone');
      });
    }
    await guard(c, token, { change: true });
    return reply(c, privacyErasureUndoneSchema, { success: true, status: await undoErasure(pool, token) });
  });

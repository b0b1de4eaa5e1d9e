// The public pages show what the server refused in the page's language (decision 032): the sign-in,
// two-factor and request-access scripts and the booking page's island render an answer's `code`
// from the error texts the page hands them (page-errors.ts, data-errors), and the server's English
// only for a code they were not handed. Each test builds the page's form as the .astro page does.
import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicTexts, type InterfaceLanguage } from '#site/components/public/language.ts';
import { errorTexts, PAGE_ERRORS } from '#site/components/public/page-errors.ts';
import { scriptTexts } from '#site/scripts/texts.ts';
import { postBooking, setBookingTexts } from '#site/scripts/booking/api.ts';
import { say, type Said } from '#domain/i18n/codes.ts';
import { englishText } from '#domain/i18n/english.ts';
import { slotTakenSchema } from '#domain/meetings/booking-schemas.ts';
import { answer, failure } from './answers.ts';
import { jsonResponse, stubFetch } from './renderWithProviders.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** The API's error answer for `said`, as edge-functions/http.ts writes it: the English, the code, its params. */
function refusal(said: Said, field: string | null = null) {
  const { code, params } = typeof said === 'string' ? { code: said, params: undefined } : said;
  return failure({ error: englishText(said), code, ...(params ? { params } : {}), field });
}

type FormPage = keyof typeof PAGE_ERRORS & Parameters<typeof scriptTexts>[1];

/** The form of `page` in `lang` with its script's words and error texts, as the .astro page renders it. */
function renderForm(id: string, page: FormPage, lang: InterfaceLanguage, fields: string) {
  const form = document.createElement('form');
  form.id = id;
  form.noValidate = true;
  form.dataset.texts = JSON.stringify(scriptTexts(publicTexts(lang), page));
  form.dataset.errors = JSON.stringify(errorTexts(lang, PAGE_ERRORS[page]));
  form.innerHTML = fields;
  document.body.append(form);
  return form;
}

const toast = () => document.querySelector('.toast-description')?.textContent;

async function signIn(lang: InterfaceLanguage, answerWith: () => Response) {
  const form = renderForm('login-form', 'login', lang, `
    <input id="username" value="rita" /><input id="password" type="password" value="wrong" />
    <p id="login-error" role="alert" hidden></p><button id="login-submit" type="submit">Sign In</button>`);
  stubFetch({ 'POST /api/auth/login': answerWith });
  vi.resetModules();
  await import('#site/scripts/login.ts');
  fireEvent.submit(form);
  await waitFor(() => expect(toast()).toBeTruthy());
  return toast();
}

describe('the sign-in page', () => {
  it('says a refused sign-in and a lock-out by their codes in Dutch on /nl/login, in the server\'s English on /login', async () => {
    expect(await signIn('nl', () => jsonResponse(refusal('invalid_login'), 401))).toBe('Onjuiste gebruikersnaam of wachtwoord');
    document.body.innerHTML = '';
    expect(await signIn('nl', () => jsonResponse(refusal(say('too_many_attempts', { minutes: 15 })), 429)))
      .toBe('Te veel pogingen. Probeer het over 15 minuut/minuten nog eens.');
    document.body.innerHTML = '';
    expect(await signIn('en', () => jsonResponse(refusal('invalid_login'), 401))).toBe('Invalid username or password');
  });

  it('shows a code the page was not handed (a newer server\'s) in the server\'s English', async () => {
    expect(await signIn('nl', () => jsonResponse(failure({ error: 'Something a newer server says', code: 'a_code_from_the_future' }), 409)))
      .toBe('Something a newer server says');
  });

  it('names the field of a validation code in Dutch', async () => {
    expect(await signIn('nl', () => jsonResponse(refusal(say('validation.too_long', { field: 'username' }), 'username'), 400)))
      .toBe('Gebruikersnaam is te lang');
  });
});

describe('the two-factor page', () => {
  it('says a reused code and a locked second factor (a plural) in Dutch', async () => {
    const expired = Object.assign(document.createElement('p'), { id: 'verify-expired', hidden: true });
    document.body.append(expired);
    const form = renderForm('verify-form', 'verify', 'nl', `
      <input id="code" value="123456" /><p id="code-error" role="alert" hidden></p><button id="verify-submit" type="submit">Verify</button>`);
    const answers = [refusal('code_reused', 'code'), refusal(say('two_factor_locked', { count: 1 }))];
    stubFetch({ 'POST /api/auth/verify-2fa': () => jsonResponse(answers.shift(), 401) });
    vi.resetModules();
    await import('#site/scripts/verify-2fa.ts');
    fireEvent.submit(form);
    await waitFor(() => expect(toast()).toBe('Deze code is al gebruikt. Wacht op de volgende code in je authenticator-app.'));
    fireEvent.submit(form);
    await waitFor(() => expect(toast()).toBe('Te veel verkeerde codes. Inloggen met tweestapsverificatie is 1 minuut geblokkeerd.'));
  });
});

describe('the request-access page', () => {
  it('says the address\'s rate limit in Dutch', async () => {
    const form = renderForm('request-form', 'requestAccess', 'nl', `
      <input id="name" value="Rita Jansen" /><p id="name-error" role="alert" hidden></p>
      <input id="email" value="rita@example.com" /><p id="email-error" role="alert" hidden></p>
      <input id="company" /><textarea id="message"></textarea><button id="request-submit" type="submit">Send</button>`);
    document.body.append(Object.assign(document.createElement('div'), { id: 'request-success', hidden: true }));
    stubFetch({ 'POST /api/access-requests': () => jsonResponse(refusal(say('too_many_access_requests', { minutes: 60 })), 429) });
    vi.resetModules();
    await import('#site/scripts/request-access.ts');
    fireEvent.submit(form);
    await waitFor(() => expect(toast()).toBe('Te veel toegangsaanvragen vanaf je adres. Probeer het over 60 minuut/minuten nog eens.'));
  });
});

describe('the booking page', () => {
  const booking = { start: '2030-03-06T12:00:00.000Z', name: 'Anna', email: 'anna@example.com', timeZone: 'Europe/Amsterdam' };

  it('says a time just taken and a link that took place in Dutch on a Dutch page, in English on an English one', async () => {
    const taken = answer(slotTakenSchema, { ...refusal('slot_taken', 'start'), field: 'start', slots: [] });
    stubFetch({
      'POST /api/public/booking/abc': () => jsonResponse(taken, 409),
      'POST /api/public/booking/old': () => jsonResponse(refusal('meeting_already_taken_place', 'token'), 410),
    });
    setBookingTexts(publicTexts('nl').booking, errorTexts('nl', PAGE_ERRORS.booking));
    expect(await postBooking('abc', booking)).toMatchObject({ ok: false, status: 409, message: 'Deze tijd is net bezet, kies een andere', field: 'start' });
    expect(await postBooking('old', booking)).toMatchObject({ ok: false, message: 'Deze afspraak heeft al plaatsgevonden' });
    setBookingTexts(publicTexts('en').booking, errorTexts('en', PAGE_ERRORS.booking));
    expect(await postBooking('abc', booking)).toMatchObject({ message: 'This time was just taken, please pick another' });
  });
});

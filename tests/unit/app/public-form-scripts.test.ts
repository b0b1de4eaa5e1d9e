// The sign-in, two-factor and request-access scripts speak the page's language: each page puts
// its script's words in its form's data-texts (scriptTexts), English on /login, Dutch on /nl/login.
// Each test builds the page's form (ids as in site/pages/*.astro) and loads the script afresh.
import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicTexts, type InterfaceLanguage } from '#site/components/public/language.ts';
import { scriptTexts } from '#site/scripts/texts.ts';
import { stubFetch } from './renderWithProviders.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

type FormPage = Parameters<typeof scriptTexts>[1];

/** The form of `page` with its script's words in `lang`, as the .astro page renders it. */
function renderForm(id: string, page: FormPage, lang: InterfaceLanguage, fields: string) {
  const form = document.createElement('form');
  form.id = id;
  form.noValidate = true;
  form.dataset.texts = JSON.stringify(scriptTexts(publicTexts(lang), page));
  form.innerHTML = fields;
  document.body.append(form);
  return form;
}

async function loadScript(name: 'login' | 'verify-2fa' | 'request-access') {
  vi.resetModules();
  if (name === 'login') await import('#site/scripts/login.ts');
  else if (name === 'verify-2fa') await import('#site/scripts/verify-2fa.ts');
  else await import('#site/scripts/request-access.ts');
}

const text = (selector: string) => document.querySelector(selector)?.textContent;

/** A proxy's error page: no JSON, so the script says its own words. */
const proxyError = () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } });

function loginPage(lang: InterfaceLanguage) {
  return renderForm('login-form', 'login', lang, `
    <input id="username" /><input id="password" type="password" />
    <p id="login-error" role="alert" hidden></p>
    <button id="login-submit" type="submit">Sign In</button>`);
}

describe('before the scripts run', () => {
  // The pages render the button disabled: an Enter before the script ran would post the form itself to the JSON API.
  it('login.ts enables the button once it handles the submit', async () => {
    const button = loginPage('en').querySelector<HTMLButtonElement>('#login-submit')!;
    button.disabled = true;
    await loadScript('login');
    expect(button.disabled).toBe(false);
  });
});

describe('login.ts', () => {
  it('asks for both fields in Dutch on the Dutch page, in the spec\'s English on the English one', async () => {
    loginPage('nl');
    await loadScript('login');
    fireEvent.submit(document.getElementById('login-form')!);
    expect(text('#login-error')).toBe('Vul zowel je gebruikersnaam als je wachtwoord in');

    document.body.innerHTML = '';
    loginPage('en');
    await loadScript('login');
    fireEvent.submit(document.getElementById('login-form')!);
    expect(text('#login-error')).toBe('Please enter both username and password');
  });

  it('shows the failed sign-in toast, its close button and its landmark in Dutch', async () => {
    const form = loginPage('nl');
    stubFetch({ 'POST /api/auth/login': proxyError });
    await loadScript('login');
    (document.getElementById('username') as HTMLInputElement).value = 'rita';
    (document.getElementById('password') as HTMLInputElement).value = 'wrong';
    fireEvent.submit(form);
    await waitFor(() => expect(text('.toast-title')).toBe('Inloggen mislukt'));
    expect(text('.toast-description')).toBe('Ongeldige inloggegevens');
    expect(document.querySelector('.toast-close')?.getAttribute('aria-label')).toBe('Melding sluiten');
    expect(document.querySelector('.toast-viewport')?.getAttribute('aria-label')).toBe('Meldingen (F8)');
  });

  it('says in Dutch that the server could not be reached, and in English on the English page', async () => {
    for (const [lang, title, description] of [
      ['nl', 'Inloggen mislukt', 'De server is niet bereikbaar. Controleer je verbinding en probeer het opnieuw.'],
      ['en', 'Login Failed', 'Could not reach the server. Check your connection and try again.'],
    ] as const) {
      document.body.innerHTML = '';
      const form = loginPage(lang);
      stubFetch({ 'POST /api/auth/login': () => { throw new TypeError('Failed to fetch'); } });
      await loadScript('login');
      (document.getElementById('username') as HTMLInputElement).value = 'rita';
      (document.getElementById('password') as HTMLInputElement).value = 'secret';
      fireEvent.submit(form);
      await waitFor(() => expect(text('.toast-title')).toBe(title));
      expect(text('.toast-description')).toBe(description);
    }
  });

  it('fails loudly when the page lost its texts', async () => {
    loginPage('nl').removeAttribute('data-texts');
    await expect(loadScript('login')).rejects.toThrow('Missing data-texts on #login-form');
  });
});

describe('verify-2fa.ts', () => {
  function verifyPage(lang: InterfaceLanguage) {
    return renderForm('verify-form', 'verify', lang, `
      <input id="code" /><p id="code-error" role="alert" hidden></p>
      <button id="verify-submit" type="submit">Verify</button>`);
  }

  it('asks for the code and reports a failed check in Dutch', async () => {
    const expired = document.createElement('p');
    expired.id = 'verify-expired';
    expired.hidden = true;
    document.body.append(expired);
    const form = verifyPage('nl');
    stubFetch({ 'POST /api/auth/verify-2fa': proxyError });
    await loadScript('verify-2fa');

    fireEvent.submit(form);
    expect(text('#code-error')).toBe('Vul je verificatiecode in');

    (document.getElementById('code') as HTMLInputElement).value = '123 456';
    fireEvent.submit(form);
    await waitFor(() => expect(text('.toast-title')).toBe('Verificatie mislukt'));
    expect(text('.toast-description')).toBe('Ongeldige code');
  });
});

describe('request-access.ts', () => {
  function requestPage(lang: InterfaceLanguage) {
    const form = renderForm('request-form', 'requestAccess', lang, `
      <input id="name" /><p id="name-error" role="alert" hidden></p>
      <input id="email" /><p id="email-error" role="alert" hidden></p>
      <input id="company" /><textarea id="message"></textarea>
      <button id="request-submit" type="submit">Send request</button>`);
    const success = document.createElement('div');
    success.id = 'request-success';
    success.hidden = true;
    document.body.append(success);
    return form;
  }

  it('names the missing fields and a failed request in Dutch', async () => {
    const form = requestPage('nl');
    stubFetch({ 'POST /api/access-requests': proxyError });
    await loadScript('request-access');

    fireEvent.submit(form);
    expect(text('#name-error')).toBe('Naam is verplicht');
    expect(text('#email-error')).toBe('Vul een geldig e-mailadres in');

    (document.getElementById('name') as HTMLInputElement).value = 'Rita Jansen';
    (document.getElementById('email') as HTMLInputElement).value = 'rita@example.com';
    fireEvent.submit(form);
    await waitFor(() => expect(text('.toast-title')).toBe('Aanvraag mislukt'));
    expect(text('.toast-description')).toBe('Er ging iets mis. Probeer het opnieuw.');
  });

  it('keeps its English words on the English page', async () => {
    const form = requestPage('en');
    await loadScript('request-access');
    fireEvent.submit(form);
    expect(text('#name-error')).toBe('Name is required');
    expect(text('#email-error')).toBe('Enter a valid email address');
  });
});

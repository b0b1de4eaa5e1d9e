// /login: validate, POST /api/auth/login, then go to /verify-2fa or the app.
import type { LoginResult } from '#domain/auth/schemas.ts';
import { byId, pageErrors, pageTexts, postJson, setBusy, setInlineError } from './form.ts';
import { serverText } from './server-text.ts';
import { afterLoginPath, safeNextPath } from './next-path.ts';
import type { ScriptTexts } from './texts.ts';
import { dismissToast, setToastLabels, showToast } from './toast.ts';

const form = byId<HTMLFormElement>('login-form');
// The page's language (login.astro renders them): English, or Dutch on /nl/login.
const texts = pageTexts<ScriptTexts<'login'>>(form);
const errors = pageErrors(form);
setToastLabels(texts);
const username = byId<HTMLInputElement>('username');
const password = byId<HTMLInputElement>('password');
const submit = byId<HTMLButtonElement>('login-submit');
const error = byId<HTMLElement>('login-error');

let inFlight = false;

// Typing fixes what the inline error described, so clear it.
for (const input of [username, password]) {
  input.addEventListener('input', () => {
    if (!error.hidden) setInlineError(error, null, [username, password]);
  });
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (inFlight) return;

  const name = username.value.trim();
  const pass = password.value;
  const empty = [...(name ? [] : [username]), ...(pass ? [] : [password])];
  if (empty.length > 0) {
    setInlineError(error, texts.enterBoth, empty);
    empty[0].focus();
    return;
  }
  setInlineError(error, null, [username, password]);
  dismissToast();
  void signIn(name, pass);
});

async function signIn(name: string, pass: string): Promise<void> {
  inFlight = true;
  setBusy(submit, true);
  let leaving = false;
  try {
    const res = await postJson<LoginResult>('/api/auth/login', { username: name, password: pass });
    if (!res.ok) {
      // 401 and 429 alike: the server's code says what happened (bad password, retry later), in the page's language.
      showToast({ title: texts.failed, description: serverText(res.data, errors) ?? texts.invalidCredentials, variant: 'destructive' });
      password.select();
      return;
    }
    leaving = true;
    if (res.data?.requiresTwoFactor === true) {
      // Carry a validated ?next= along so the second step can land there too.
      const next = safeNextPath(location.search, location.origin);
      location.href = next ? `/verify-2fa?next=${encodeURIComponent(next)}` : '/verify-2fa';
    } else {
      // Short pause so the new session cookie is settled before the app asks /api/auth/me.
      const target = afterLoginPath(location);
      setTimeout(() => {
        location.href = target;
      }, 100);
    }
  } catch {
    showToast({ title: texts.failed, description: texts.networkError, variant: 'destructive' });
  } finally {
    inFlight = leaving; // stay locked while the browser navigates away
    if (!leaving) setBusy(submit, false);
  }
}

// Until here the button was disabled in the page: a submit before this script ran would have posted the form
// itself to the JSON API (and shown its raw error).
submit.disabled = false;

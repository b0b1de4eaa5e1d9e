// /verify-2fa: second sign-in step with a TOTP code or a backup code.
import type { TwoFactorVerified } from '#domain/auth/schemas.ts';
import { byId, pageErrors, pageTexts, postJson, setBusy, setInlineError } from './form.ts';
import { serverText } from './server-text.ts';
import { afterLoginPath, safeNextPath } from './next-path.ts';
import type { ScriptTexts } from './texts.ts';
import { dismissToast, setToastLabels, showToast } from './toast.ts';

const form = byId<HTMLFormElement>('verify-form');
// The page's language (verify-2fa.astro renders them): English, or Dutch on /nl/verify-2fa.
const texts = pageTexts<ScriptTexts<'verify'>>(form);
const errors = pageErrors(form);
setToastLabels(texts);
const code = byId<HTMLInputElement>('code');
const submit = byId<HTMLButtonElement>('verify-submit');
const error = byId<HTMLElement>('code-error');
const expired = byId<HTMLElement>('verify-expired');

// Links back to sign-in keep a validated ?next= so the user still lands where they were going.
const next = safeNextPath(location.search, location.origin);
if (next) {
  const loginHref = `/login?next=${encodeURIComponent(next)}`;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-login-link]')) link.href = loginHref;
}

let inFlight = false;

code.addEventListener('input', () => {
  if (!error.hidden) setInlineError(error, null, [code]);
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (inFlight) return;

  // Authenticator apps often show "123 456"; backup codes keep their letters and dashes.
  const value = code.value.replace(/\s+/g, '');
  if (!value) {
    setInlineError(error, texts.enterCode, [code]);
    code.focus();
    return;
  }
  setInlineError(error, null, [code]);
  dismissToast();
  void verify(value);
});

async function verify(value: string): Promise<void> {
  inFlight = true;
  setBusy(submit, true);
  let leaving = false;
  try {
    const res = await postJson<TwoFactorVerified>('/api/auth/verify-2fa', { code: value });
    if (!res.ok) {
      showToast({ title: texts.failed, description: serverText(res.data, errors) ?? texts.invalidCode, variant: 'destructive' });
      // requiresTwoFactor === false: the pending sign-in expired, a new code cannot help.
      if (res.data?.requiresTwoFactor === false) expired.hidden = false;
      code.select();
      return;
    }
    leaving = true;
    location.href = afterLoginPath(location);
  } catch {
    showToast({ title: texts.failed, description: texts.networkError, variant: 'destructive' });
  } finally {
    inFlight = leaving;
    if (!leaving) setBusy(submit, false);
  }
}

// Until here the button was disabled in the page: a submit before this script ran would have posted the form
// itself to the JSON API (and shown its raw error).
submit.disabled = false;

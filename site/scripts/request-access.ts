// /request-access: validate, POST /api/access-requests, swap the form for a success panel.
import type { z } from 'zod';
import type { successSchema } from '#domain/schemas/answers.ts';
import { byId, pageErrors, pageTexts, postJson, setBusy, setInlineError } from './form.ts';
import { serverText } from './server-text.ts';
import type { ScriptTexts } from './texts.ts';
import { dismissToast, setToastLabels, showToast } from './toast.ts';

const form = byId<HTMLFormElement>('request-form');
// The page's language (request-access.astro renders them): English, or Dutch on /nl/request-access.
const texts = pageTexts<ScriptTexts<'requestAccess'>>(form);
const errors = pageErrors(form);
setToastLabels(texts);
const nameInput = byId<HTMLInputElement>('name');
const emailInput = byId<HTMLInputElement>('email');
const companyInput = byId<HTMLInputElement>('company');
const messageInput = byId<HTMLTextAreaElement>('message');
const nameError = byId<HTMLElement>('name-error');
const emailError = byId<HTMLElement>('email-error');
const submit = byId<HTMLButtonElement>('request-submit');
const success = byId<HTMLElement>('request-success');

// Deliberately loose: one "@", a dot in the domain, no spaces. The server has the final say.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

let inFlight = false;

nameInput.addEventListener('input', () => {
  if (!nameError.hidden && nameInput.value.trim()) setInlineError(nameError, null, [nameInput]);
});
emailInput.addEventListener('input', () => {
  if (!emailError.hidden && EMAIL_PATTERN.test(emailInput.value.trim())) setInlineError(emailError, null, [emailInput]);
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (inFlight) return;

  const name = nameInput.value.trim();
  const email = emailInput.value.trim();
  const nameOk = name.length > 0;
  const emailOk = EMAIL_PATTERN.test(email);
  setInlineError(nameError, nameOk ? null : texts.nameRequired, [nameInput]);
  setInlineError(emailError, emailOk ? null : texts.invalidEmail, [emailInput]);
  if (!nameOk || !emailOk) {
    (nameOk ? emailInput : nameInput).focus();
    return;
  }
  dismissToast();

  // Optional fields are left out when blank rather than sent as empty strings.
  const company = companyInput.value.trim();
  const message = messageInput.value.trim();
  void send({ name, email, ...(company ? { company } : {}), ...(message ? { message } : {}) });
});

async function send(body: { name: string; email: string; company?: string; message?: string }): Promise<void> {
  inFlight = true;
  setBusy(submit, true);
  try {
    const res = await postJson<z.infer<typeof successSchema>>('/api/access-requests', body);
    if (!res.ok) {
      showToast({
        title: texts.failed,
        description: serverText(res.data, errors) ?? texts.failedText,
        variant: 'destructive',
      });
      return;
    }
    form.remove();
    success.hidden = false;
    success.focus(); // move focus so screen readers hear the confirmation
  } catch {
    showToast({ title: texts.failed, description: texts.networkError, variant: 'destructive' });
  } finally {
    inFlight = false;
    if (form.isConnected) setBusy(submit, false);
  }
}

// Until here the button was disabled in the page: a submit before this script ran would have posted the form
// itself to the JSON API (and shown its raw error).
submit.disabled = false;

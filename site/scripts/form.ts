// Small helpers shared by the login, two-factor and request-access scripts.
// These pages keep plain fetch (hono/client would add script to pages that have
// almost none); the answers are typed by the API's schemas (type-only imports).
import type { ErrorTexts } from './texts.ts';

/**
 * What a POST answered: on success the route's answer (T, the type of the
 * schema its doc() names), else the error body (`{ error, field, ... }`).
 * `data` is null when the body was empty or not JSON.
 */
export type JsonResult<T> =
  | { ok: true; status: number; data: T | null }
  | { ok: false; status: number; data: Record<string, unknown> | null };

/** POST JSON with the session cookie. Throws only when the network itself fails. */
export async function postJson<T>(url: string, body: unknown): Promise<JsonResult<T>> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  let data: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = await res.json();
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    // Empty or non-JSON body (e.g. a proxy error page): callers fall back to their own text.
  }
  return res.ok ? { ok: true, status: res.status, data: data as T | null } : { ok: false, status: res.status, data };
}

/**
 * The words the page rendered for its script, in the page's language (`data-texts` on `el`,
 * from scriptTexts in texts.ts). Fails loudly when the markup lost them, like byId.
 */
export function pageTexts<T>(el: HTMLElement): T {
  const texts = el.dataset.texts;
  if (!texts) throw new Error(`Missing data-texts on #${el.id}`);
  return JSON.parse(texts) as T;
}

/** The server's error texts the page rendered for its script (`data-errors` on `el`, page-errors.ts); null without them. */
export function pageErrors(el: HTMLElement): ErrorTexts | null {
  const texts = el.dataset.errors;
  return texts ? JSON.parse(texts) as ErrorTexts : null;
}

/** Disable the button and show its spinner; the label stays so its accessible name does not change. */
export function setBusy(button: HTMLButtonElement, busy: boolean): void {
  button.disabled = busy;
  if (busy) button.setAttribute('aria-busy', 'true');
  else button.removeAttribute('aria-busy');
}

/** Show (or clear, with null) an inline error in a role="alert" element and flag the inputs. */
export function setInlineError(target: HTMLElement, message: string | null, inputs: HTMLElement[] = []): void {
  target.textContent = message ?? '';
  target.hidden = !message;
  for (const input of inputs) {
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
}

/** Look up an element the page markup guarantees; fail loudly if the markup changed. */
export function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`Missing #${id}`);
  return el as T;
}

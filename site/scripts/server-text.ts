// An answer's error in the page's language (decision 032): its `code` rendered from the texts the
// page handed its script (site/components/public/page-errors.ts), by the catalogue's engine and the same
// renderCode as the /app and the server; a code the page did not hand shows the server's English.
import { asSentence, renderCode, type Lookup, type Params } from '#domain/i18n/codes.ts';
import { createI18n } from '#domain/i18n/translator.ts';
import type { ErrorTexts } from './texts.ts';

const lookups = new WeakMap<ErrorTexts, Lookup>();

function lookupOf(texts: ErrorTexts): Lookup {
  let found = lookups.get(texts);
  if (!found) {
    const i18n = createI18n({ [texts.lang]: { errors: texts.errors, errorTerms: texts.errorTerms } }, texts.lang);
    found = { t: (key, options) => i18n.t(key, options), exists: (key) => i18n.exists(key) };
    lookups.set(texts, found);
  }
  return found;
}

/** The server's `error` field, else its `message` field, else undefined. */
function serverMessage(data: Record<string, unknown> | null): string | undefined {
  for (const key of ['error', 'message'] as const) {
    const value = data?.[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return undefined;
}

/** What the answer says: its code in the page's language when the page has that code's text, else the server's English. */
export function serverText(data: Record<string, unknown> | null, texts: ErrorTexts | null): string | undefined {
  const code = data?.code;
  if (texts && typeof code === 'string' && /^[\w.]+$/.test(code)) {
    const lookup = lookupOf(texts);
    if (lookup.exists(`errors.${code}`) || lookup.exists(`errors.${code}_other`)) {
      const params = data?.params && typeof data.params === 'object' ? data.params as Params : undefined;
      return asSentence(renderCode(lookup, code, params), texts.lang);
    }
  }
  return serverMessage(data);
}

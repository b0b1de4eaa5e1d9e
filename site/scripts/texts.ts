// The public pages' texts (site/app/i18n/{en,nl}/publicPages.ts) without i18next:
// the server picks the language, islands get their texts from the page.
import type { publicPages as english } from '#domain/i18n/en/publicPages.ts';
import { publicBooking } from '#domain/i18n/en/publicBooking.ts';

export type PublicTexts = typeof english;
export type BookingTexts = PublicTexts['booking'];
/** Only the booking texts: the island's bundle carries these, not every public page's. */
export const ENGLISH_BOOKING: BookingTexts = publicBooking;

/** Fills {{name}} from `values`, as i18next does; an unknown name stays as written. */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** What the sign-in, two-factor and request-access scripts say: the shared words (network error, toast labels). */
export type FormTexts = PublicTexts['forms'];
type FormPage = 'login' | 'verify' | 'requestAccess';
export type ScriptTexts<P extends FormPage> = PublicTexts[P]['script'] & FormTexts;

/** A form page's words for its script, which the page puts in its form's data-texts (pageTexts in form.ts reads them). */
export function scriptTexts<P extends FormPage>(texts: PublicTexts, page: P): ScriptTexts<P> {
  return { ...texts.forms, ...texts[page].script };
}

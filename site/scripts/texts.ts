// The public pages' texts (domain/i18n/{en,nl}/publicPages.ts): the server picks the language,
// islands get their texts from the page. Their {{values}} are filled in by the catalogue's engine: on the server
// domain/i18n/translate.ts, in the booking island domain/i18n/translator.ts (booking/format.ts words()).
import type { publicPages as english } from '#domain/i18n/en/publicPages.ts';
import { publicBooking } from '#domain/i18n/en/publicBooking.ts';

export type PublicTexts = typeof english;
export type BookingTexts = PublicTexts['booking'];
/** Only the booking texts: the island's bundle carries these, not every public page's. */
export const ENGLISH_BOOKING: BookingTexts = publicBooking;

/** What the sign-in, two-factor and request-access scripts say: the shared words (network error, toast labels). */
export type FormTexts = PublicTexts['forms'];
type FormPage = 'login' | 'verify' | 'requestAccess';
export type ScriptTexts<P extends FormPage> = PublicTexts[P]['script'] & FormTexts;

/** A form page's words for its script, which the page puts in its form's data-texts (pageTexts in form.ts reads them). */
export function scriptTexts<P extends FormPage>(texts: PublicTexts, page: P): ScriptTexts<P> {
  return { ...texts.forms, ...texts[page].script };
}

/**
 * The server's error texts a page hands its script (site/components/public/page-errors.ts): the catalogue's
 * `errors` for the codes the page's requests may be answered with, and `errorTerms`, in the page's language.
 */
export interface ErrorTexts {
  lang: 'en' | 'nl';
  errors: object;
  errorTerms: object;
}

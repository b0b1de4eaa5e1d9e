// Phone numbers in E.164 (+31612345678), as WhatsApp wants them and as inbound
// numbers are matched. Numbers typed without a country code are read as Dutch
// (the product's candidates are mostly in the Netherlands).
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

export const DEFAULT_REGION: CountryCode = 'NL';

/** The number in E.164, or null when it is not a possible phone number. */
export function toE164(text: string | null | undefined, region: CountryCode = DEFAULT_REGION): string | null {
  const trimmed = text?.trim();
  if (!trimmed) return null;
  // "0031 6 …" is an international prefix, as people write it in the Netherlands.
  const international = trimmed.replace(/^00(?=[1-9])/, '+');
  const parsed = parsePhoneNumberFromString(international, region);
  return parsed?.isValid() ? parsed.number : null;
}

/** Meta's wa_id / recipient_id: the digits of the number with its country code, no "+". */
export function fromWaId(waId: string): string | null {
  return /^\d{6,15}$/.test(waId) ? toE164(`+${waId}`) : null;
}

/** What the Cloud API's "to" takes: the E.164 digits without "+". */
export const toWaId = (e164: string) => e164.replace(/^\+/, '');

/** The candidate's WhatsApp number: their WhatsApp number, else their phone (spec), in E.164; null when neither reads as a number. */
export function candidateWhatsAppNumber(candidate: { whatsappNumber?: string | null; phone?: string | null }): string | null {
  return toE164(candidate.whatsappNumber) ?? toE164(candidate.phone);
}

/** The lookup key of migration 20261126001000 (candidates_*_tail): the last nine digits. */
export const numberTail = (e164: string) => e164.replace(/\D/g, '').slice(-9);

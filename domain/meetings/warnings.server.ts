// A warning about booking settings as the API answers it: the field, the English text and its code
// (decision 032). availability.ts finds them as codes (it is loaded by the booking page's island).
import { coded, type Coded, type Said } from '../i18n/codes.ts';
import { englishText } from '../i18n/english.ts';
import type { AvailabilityWarning } from './schemas.ts';

export function warningAnswer(field: string, said: Said | Coded): AvailabilityWarning {
  return { field, message: englishText(said), ...coded(said) };
}

// Percentages in the interface's language: English as the API's number is written ("41.5%"),
// Dutch with its decimal comma ("41,5%", i18n/format.ts).
import { activeLanguage } from '#app/i18n/i18n.ts';
import { formatNumber } from '#app/i18n/format.ts';

export function percentText(value: number | string): string {
  return activeLanguage() === 'en' ? `${value}%` : `${formatNumber(Number(value), { maximumFractionDigits: 1 })}%`;
}

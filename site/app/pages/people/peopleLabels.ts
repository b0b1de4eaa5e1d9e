// Words for the API's values on the People page (seniority, contact method, message
// status), in the interface's language; a value we have no word for shows capitalised,
// as it did before. Called while rendering, by components that re-render on a language change (useT).
import { i18n } from '#app/i18n/i18n.ts';
import { people } from '#domain/i18n/en/people.ts';
import { capitalize } from './capitalize.ts';

const known = <T extends object>(map: T, value: string): value is Extract<keyof T, string> => Object.hasOwn(map, value);

/** "senior" → "Senior". */
export function seniorityLabel(level: string): string {
  return known(people.seniority, level) ? i18n.t(`people.seniority.${level}`) : capitalize(level);
}

/** The candidate's preferred contact method, as the drawer's facts show it. */
export function contactMethodFact(method: string): string {
  return known(people.facts.contactMethodValues, method) ? i18n.t(`people.facts.contactMethodValues.${method}`) : capitalize(method);
}

/** A message's delivery status ("sent" → "Sent"). */
export function messageStatusLabel(status: string): string {
  return known(people.messages.statuses, status) ? i18n.t(`people.messages.statuses.${status}`) : capitalize(status);
}

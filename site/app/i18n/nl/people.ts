// /app/people: the list, filters, candidate drawer and form, consent, CSV import and export, talent pools.
import type { Resources } from '../en.ts';

export const people: Resources['people'] = {};

// /app/people: the list, filters, candidate drawer and form, consent, CSV import and export, talent pools.
export const people = {};

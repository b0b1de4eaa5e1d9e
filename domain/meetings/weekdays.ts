// The weekday keys of a recruiter's availability, alone in a module: the interface's
// date formatting needs them in the first chunk, without availability.ts's Temporal and zod.

/** Keys of the weekly availability, Monday first (Temporal's dayOfWeek 1-7). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

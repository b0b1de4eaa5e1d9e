// /app/meeting-booking: meeting types, availability, booking links.
import type { Resources } from '../en.ts';

export const meetingBooking: Resources['meetingBooking'] = {};

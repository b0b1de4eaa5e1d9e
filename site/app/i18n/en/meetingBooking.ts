// /app/meeting-booking: meeting types, availability, booking links.
export const meetingBooking = {};

// The words of booking links as recruiters read them, the prefilled
// invitation, and inserting a link into a message body. Meetings read as on
// /app/meetings (#app/pages/meetings/).
import { BOOKING_LINK_PLACEHOLDER, firstName } from '#domain/placeholders/placeholders.ts';
import type { BookingLinkState } from '#domain/meetings/booking-schemas.ts';

/** What "Insert booking link" and "Send booking link" put in a message: the recipient's own link, made when it is sent. */
export const BOOKING_LINK_FIELD = `{{${BOOKING_LINK_PLACEHOLDER}}}`;

/** Keyed by the API's own states, so a colour cannot miss one; the words are `people.booking.states`. */
export const LINK_STATE_COLORS: Record<BookingLinkState, string> = {
  created: 'gray',
  sent: 'blue',
  opened: 'indigo',
  booked: 'green',
  cancelled: 'orange',
  expired: 'red',
};

/**
 * The message the compose dialog opens with after "Send booking link". It is the candidate's
 * message, not the interface's: its language is the recruiter's to choose in the dialog.
 */
export function bookingInvitation(candidateName: string, link: string, senderName: string) {
  const first = firstName(candidateName);
  return {
    subject: "Let's find a time to talk",
    content: `Hi${first ? ` ${first}` : ''},\n\nI'd like to talk with you. Pick a time that suits you here: ${link}\n\nBest regards,\n${senderName}`,
  };
}

/**
 * `text` with `insert` in place of the selection [start, end), or at the end without one. A space
 * keeps it apart from a word it would touch (a link glued to a word is no link).
 */
export function insertText(text: string, insert: string, selection: { start: number; end: number } | null): { value: string; caret: number } {
  const start = selection ? Math.max(0, Math.min(selection.start, text.length)) : text.length;
  const end = selection ? Math.max(start, Math.min(selection.end, text.length)) : text.length;
  const before = text.slice(0, start);
  const after = text.slice(end);
  const inserted = (before === '' || /\s$/.test(before) ? '' : ' ') + insert + (after === '' || /^\s/.test(after) ? '' : ' ');
  return { value: before + inserted + after, caret: before.length + inserted.length };
}

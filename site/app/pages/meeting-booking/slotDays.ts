// Slots as the booking page lists them: grouped by the local date in a time zone,
// with headings and times from Intl.DateTimeFormat (no time-zone library in the bundle).
import { clockFormat, locale } from '#app/i18n/format.ts';
import type { Slot } from '#domain/meetings/schemas.ts';
import { slotsByDay as groupByLocalDay } from '#site/scripts/booking/format.ts';

export interface SlotDay {
  /** The local date, "2026-11-30". */
  date: string;
  /** "Monday, November 30" / "maandag 30 november" */
  heading: string;
  slots: Array<Slot & { time: string }>;
}

/** The slots grouped by local date in `timeZone` (the booking page's grouping), each with its start time ("9:00 AM" / "09:00"). */
export function slotsByDay(slots: readonly Slot[], timeZone: string): SlotDay[] {
  const heading = new Intl.DateTimeFormat(locale(), { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });
  const time = clockFormat(timeZone);
  return groupByLocalDay(slots, timeZone).map((day) => ({
    date: day.date,
    heading: heading.format(new Date(`${day.date}T12:00:00Z`)),
    slots: day.slots.map((slot) => ({ ...slot, time: time.format(new Date(slot.start)) })),
  }));
}

/** "Central European Standard Time" / "Midden-Europese standaardtijd" for the zone at `at` (how the booking page spells a zone out). */
export function zoneName(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat(locale(), { timeZone, timeZoneName: 'long' }).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

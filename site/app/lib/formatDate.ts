import dayjs from 'dayjs';

export const DATE_NOT_AVAILABLE = 'Date not available';

/** "Mar 5, 2026 at 2:07 PM", or "Date not available" (spec §8, §9). */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return DATE_NOT_AVAILABLE;
  const date = dayjs(value);
  return date.isValid() ? date.format('MMM D, YYYY [at] h:mm A') : DATE_NOT_AVAILABLE;
}

import { formatDateTime } from '../i18n/format.ts';

export const DATE_NOT_AVAILABLE = 'Date not available';

/** "Mar 5, 2026 at 2:07 PM", or "Date not available" (spec §8, §9); in Dutch "5 mrt 2026 om 14:07" (i18n/format.ts). */
export { formatDateTime };

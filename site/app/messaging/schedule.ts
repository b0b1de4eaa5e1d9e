// When a wizard campaign goes out (spec §3, §9).
import type { CampaignType } from '#domain/ai/schemas.ts';

export type ScheduleOption = 'now' | 'in_1_hour' | 'tomorrow_morning' | 'custom';

/** In the order offered (labels: panels.launch.scheduleOptions in i18n/en/panels.ts). */
export const SCHEDULE_OPTIONS: readonly ScheduleOption[] = ['now', 'in_1_hour', 'tomorrow_morning', 'custom'];

export const DEFAULT_SCHEDULE_BY_TYPE: Record<CampaignType, ScheduleOption> = {
  nurture: 'tomorrow_morning',
  event: 'tomorrow_morning',
  announcement: 'now',
  followup: 'in_1_hour',
};

export const TOMORROW_MORNING_HOUR = 9;

/**
 * now: immediately; in_1_hour: +60 minutes; tomorrow_morning: the next day at
 * 09:00 local time; custom: the chosen datetime-local value, or now when empty
 * (or unreadable).
 */
export function computeScheduledAt(option: ScheduleOption, now: Date = new Date(), custom?: string | null): Date {
  switch (option) {
    case 'in_1_hour':
      return new Date(now.getTime() + 60 * 60_000);
    case 'tomorrow_morning': {
      const next = new Date(now);
      next.setDate(next.getDate() + 1);
      next.setHours(TOMORROW_MORNING_HOUR, 0, 0, 0);
      return next;
    }
    case 'custom': {
      const chosen = custom?.trim() ? new Date(custom) : null;
      return chosen && !Number.isNaN(chosen.getTime()) ? chosen : new Date(now);
    }
    default:
      return new Date(now);
  }
}

/** When a wizard campaign goes out, or null when that is now: "Send now", a custom time left empty, or one already past. */
export function sendMoment(option: ScheduleOption, now: Date = new Date(), custom?: string | null): Date | null {
  if (option === 'now') return null;
  const at = computeScheduledAt(option, now, custom);
  return at.getTime() > now.getTime() ? at : null;
}

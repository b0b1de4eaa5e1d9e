// Previous / this / next week, and which week is shown.
import { Button, Group, Title } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import { addDays, weekLabel } from './meetingTime.ts';

interface WeekNavigationProps {
  monday: string;
  thisMonday: string;
  /** The week to show by its Monday; undefined = this week. */
  onWeek: (monday: string | undefined) => void;
}

export function WeekNavigation({ monday, thisMonday, onWeek }: WeekNavigationProps) {
  const t = useT();
  const go = (next: string) => onWeek(next === thisMonday ? undefined : next);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Title order={2} size="h4" aria-live="polite" data-testid="week-label">{weekLabel(monday)}</Title>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => go(addDays(monday, -7))}>{t('meetings.week.previous')}</Button>
        <Button size="xs" variant="default" disabled={monday === thisMonday} onClick={() => go(thisMonday)}>{t('meetings.week.thisWeek')}</Button>
        <Button size="xs" variant="default" onClick={() => go(addDays(monday, 7))}>{t('meetings.week.next')}</Button>
      </Group>
    </Group>
  );
}

// A candidate's booking links: what each books, its state, when it expires or
// what it booked, and "Copy link" while it can still book.
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { BookingLink } from '#domain/meetings/booking-schemas.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { useT } from '#app/i18n/useT.ts';
import { dateAndTime } from '#app/pages/meetings/meetingTime.ts';
import { browserTimeZone } from '#site/scripts/booking/zones.ts';
import { LINK_STATE_COLORS } from './bookingText.ts';
import { CopyLinkButton } from './CopyLinkButton.tsx';

function linkDetail(t: ReturnType<typeof useT>, link: BookingLink): string {
  if (link.meeting && link.state === 'booked') return t('people.booking.bookedFor', { when: dateAndTime(link.meeting, browserTimeZone()) });
  if (link.state === 'expired') return t('people.booking.expired', { date: formatDateTime(link.expiresAt) });
  return t('people.booking.expires', { date: formatDateTime(link.expiresAt) });
}

export function BookingLinkList({ links }: { links: BookingLink[] }) {
  const t = useT();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {links.map((link) => {
        return (
          <li key={link.id} data-testid="booking-link">
            <Stack gap={4}>
              <Group gap={6} justify="space-between" wrap="nowrap">
                <Text size="sm" fw={600} truncate>{t('people.booking.linkTitle', { title: link.title, minutes: link.durationMinutes })}</Text>
                <Badge size="sm" variant="light" color={LINK_STATE_COLORS[link.state]} style={{ flexShrink: 0 }} data-testid="booking-link-state">{t(`people.booking.states.${link.state}`)}</Badge>
              </Group>
              <Text size="xs" c="dimmed">{t('people.booking.byRecruiter', { detail: linkDetail(t, link), name: link.recruiterName })}</Text>
              {link.state !== 'expired' && <Group gap="xs"><CopyLinkButton url={link.url} /></Group>}
            </Stack>
          </li>
        );
      })}
    </Stack>
  );
}

// A candidate's booking links: what each books, its state, when it expires or
// what it booked, and "Copy link" while it can still book.
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { BookingLink } from '#domain/meetings/booking-schemas.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { browserTimeZone, dateAndTime } from '#app/pages/meetings/meetingTime.ts';
import { LINK_STATE_BADGES } from './bookingText.ts';
import { CopyLinkButton } from './CopyLinkButton.tsx';

function linkDetail(link: BookingLink): string {
  if (link.meeting && link.state === 'booked') return `Booked for ${dateAndTime(link.meeting, browserTimeZone())}`;
  if (link.state === 'expired') return `Expired ${formatDateTime(link.expiresAt)}`;
  return `Expires ${formatDateTime(link.expiresAt)}`;
}

export function BookingLinkList({ links }: { links: BookingLink[] }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {links.map((link) => {
        const badge = LINK_STATE_BADGES[link.state];
        return (
          <li key={link.id} data-testid="booking-link">
            <Stack gap={4}>
              <Group gap={6} justify="space-between" wrap="nowrap">
                <Text size="sm" fw={600} truncate>{link.title} · {link.durationMinutes} min</Text>
                <Badge size="sm" variant="light" color={badge.color} style={{ flexShrink: 0 }} data-testid="booking-link-state">{badge.label}</Badge>
              </Group>
              <Text size="xs" c="dimmed">{linkDetail(link)} · by {link.recruiterName}</Text>
              {link.state !== 'expired' && <Group gap="xs"><CopyLinkButton url={link.url} /></Group>}
            </Stack>
          </li>
        );
      })}
    </Stack>
  );
}

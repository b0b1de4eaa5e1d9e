// The consent ledger, newest first: who changed which channel, when, how.
import { Badge, Group, Stack, Text, Timeline } from '@mantine/core';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { useT } from '#app/i18n/useT.ts';
import { channelLabel, sourceLabel } from './consentLabels.ts';
import type { ConsentEvent } from '#domain/candidates/schemas.ts';

/** The ledger's createdBy may be a user id; only a readable name is worth showing. */
function byWhom(createdBy: string | null): string {
  if (!createdBy || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(createdBy)) return '';
  return ` · ${createdBy}`;
}

export function ConsentHistory({ events }: { events: ConsentEvent[] }) {
  const t = useT();
  if (!events.length) return <Text size="sm" c="dimmed">{t('people.consent.noHistory')}</Text>;
  const newestFirst = [...events].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return (
    <Timeline bulletSize={12} lineWidth={2} data-testid="consent-history">
      {newestFirst.map((event, index) => (
        <Timeline.Item key={`${event.createdAt}-${index}`} color={event.granted ? 'green' : 'red'} data-testid="consent-event">
          <Stack gap={2}>
            <Group gap={6}>
              <Text size="sm" fw={600}>{channelLabel(event.channel)}</Text>
              <Badge size="xs" variant="light" color={event.granted ? 'green' : 'red'}>{event.granted ? t('people.consent.granted') : t('people.consent.withdrawn')}</Badge>
              <Text size="xs" c="dimmed">{sourceLabel(event.source)}{byWhom(event.createdBy)}</Text>
            </Group>
            {event.wording && <Text size="xs" c="dimmed" fs="italic">“{event.wording}”</Text>}
            <Text size="xs" c="dimmed">{formatDateTime(event.createdAt)}</Text>
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

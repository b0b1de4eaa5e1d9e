// The Teams side of a meeting: Join (the link opens in a new tab), the link
// being made, a failure with Retry, or Teams not configured with what to set.
import { Button, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { Meeting } from '#domain/meetings/meeting-schemas.ts';
import { meetingWith } from './meetingLabels.ts';
import { useRetryTeams } from './meetingQueries.ts';

export const TEAMS_TEXTS = {
  pending: 'Creating Teams link…',
  updating: 'Updating the Teams meeting…',
  failed: 'Teams link could not be created',
  notConfigured: 'Teams not configured',
};

export function TeamsStatus({ meeting, onChanged }: { meeting: Meeting; onChanged?: (meeting: Meeting) => void }) {
  const retry = useRetryTeams({ onChanged });
  const [showWhy, setShowWhy] = useState(false);
  if (meeting.location.kind !== 'teams' || meeting.status === 'cancelled') return null;
  const { state, error } = meeting.teams;

  const join = meeting.joinUrl && (
    <Button component="a" href={meeting.joinUrl} target="_blank" rel="noopener noreferrer" size="xs"
      aria-label={`Join the Teams meeting with ${meetingWith(meeting)}`}>
      Join
    </Button>
  );

  if (state === 'pending') {
    return (
      <Group gap="xs" data-testid="teams-status" data-state={state}>
        {join}
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">{join ? TEAMS_TEXTS.updating : TEAMS_TEXTS.pending}</Text>
      </Group>
    );
  }
  if (state === 'failed') {
    return (
      <Stack gap={4} data-testid="teams-status" data-state={state}>
        <Group gap="xs">
          <Text size="sm" c="red" fw={500}>{TEAMS_TEXTS.failed}</Text>
          <Button size="xs" variant="light" color="red" loading={retry.isPending} onClick={() => retry.mutate(meeting.id)}
            aria-label={`Retry creating the Teams link for the meeting with ${meetingWith(meeting)}`}>
            Retry
          </Button>
        </Group>
        {error && <Text size="xs" c="dimmed">{error}</Text>}
      </Stack>
    );
  }
  if (state === 'not_configured') {
    return (
      <Stack gap={2} data-testid="teams-status" data-state={state}>
        <Group gap="xs">
          <Text size="sm" c="dimmed">{TEAMS_TEXTS.notConfigured}</Text>
          {error && (
            <UnstyledButton fz="xs" c="blue" td="underline" aria-expanded={showWhy} onClick={() => setShowWhy((shown) => !shown)}>
              {showWhy ? 'Hide' : 'What to set'}
            </UnstyledButton>
          )}
        </Group>
        {showWhy && <Text size="xs" c="dimmed" data-testid="teams-error">{error}</Text>}
      </Stack>
    );
  }
  return join ? <Group gap="xs" data-testid="teams-status" data-state={state}>{join}</Group> : null;
}

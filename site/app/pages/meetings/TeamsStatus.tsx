// The Teams side of a meeting: Join (the link opens in a new tab), the link
// being made, a failure with Retry, or Teams not configured with what to set.
import { useAudience } from '#app/session/CurrentUser.tsx';
import { Button, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { meetings } from '#domain/i18n/en/meetings.ts';
import { useT } from '#app/i18n/useT.ts';
import { stateText } from '#app/i18n/serverText.ts';
import type { Meeting } from '#domain/meetings/meeting-schemas.ts';
import { meetingWith } from './meetingLabels.ts';
import { useRetryTeams } from './meetingQueries.ts';

/** The English texts (tests read them); the component shows the interface language's. */
export const TEAMS_TEXTS = meetings.teams;

export function TeamsStatus({ meeting, onChanged }: { meeting: Meeting; onChanged?: (meeting: Meeting) => void }) {
  const t = useT();
  const audience = useAudience();
  const retry = useRetryTeams({ onChanged });
  const [showWhy, setShowWhy] = useState(false);
  if (meeting.location.kind !== 'teams' || meeting.status === 'cancelled') return null;
  const { state, error } = meeting.teams;

  const join = meeting.joinUrl && (
    <Button component="a" href={meeting.joinUrl} target="_blank" rel="noopener noreferrer" size="xs"
      aria-label={t('meetings.teams.joinLabel', { name: meetingWith(meeting) })}>
      {t('meetings.teams.join')}
    </Button>
  );

  if (state === 'pending') {
    return (
      <Group gap="xs" data-testid="teams-status" data-state={state}>
        {join}
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">{join ? t('meetings.teams.updating') : t('meetings.teams.pending')}</Text>
      </Group>
    );
  }
  if (state === 'failed') {
    return (
      <Stack gap={4} data-testid="teams-status" data-state={state}>
        <Group gap="xs">
          <Text size="sm" c="red" fw={500}>{t('meetings.teams.failed')}</Text>
          <Button size="xs" variant="light" color="red" loading={retry.isPending} onClick={() => retry.mutate(meeting.id)}
            aria-label={t('meetings.teams.retryLabel', { name: meetingWith(meeting) })}>
            {t('meetings.teams.retry')}
          </Button>
        </Group>
        {/* Ours in the interface's language (states.teams.link_failed); Graph's own words as they are. */}
        {error && <Text size="xs" c="dimmed" data-testid="teams-error">{stateText(meeting.teams.code, null, error)}</Text>}
      </Stack>
    );
  }
  if (state === 'not_configured') {
    return (
      <Stack gap={2} data-testid="teams-status" data-state={state}>
        <Group gap="xs">
          <Text size="sm" c="dimmed">{t('meetings.teams.notConfigured')}</Text>
          {error && (
            <UnstyledButton fz="xs" c="blue" td="underline" aria-expanded={showWhy} onClick={() => setShowWhy((shown) => !shown)}>
              {showWhy ? t('meetings.teams.hide') : t('meetings.teams.whatToSet')}
            </UnstyledButton>
          )}
        </Group>
        {showWhy && <Text size="xs" c="dimmed" data-testid="teams-error">{stateText(meeting.teams.code, null, error, audience)}</Text>}
      </Stack>
    );
  }
  return join ? <Group gap="xs" data-testid="teams-status" data-state={state}>{join}</Group> : null;
}

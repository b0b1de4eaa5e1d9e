// Engagement: the 0-100% score as a ring with its band (spec §1), the event
// counts (raw and human opens side by side), and "Why this score": each signal
// with its weight now and its age (decision 016).
import { Group, List, RingProgress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DetailSection } from './DetailSection.tsx';
import { clampScore, EngagementBandBadge, engagementColor } from './EngagementBar.tsx';
import { FactList } from './FactList.tsx';
import type { CandidateDetail } from '#domain/candidates/schemas.ts';
import { bandOf } from '#domain/engagement/score.ts';

const SIGNAL_LABELS: Record<string, string> = {
  meeting_booked: 'Meeting booked', reply: 'Reply', click: 'Click', open: 'Opened (human)', unsubscribe: 'Unsubscribed',
};

const DAY_MS = 86_400_000;

function ageLabel(at: string, now: number): string {
  const days = Math.floor(Math.max(0, now - new Date(at).getTime()) / DAY_MS);
  if (days === 0) return 'today';
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

const signed = (weight: number) => `${weight > 0 ? '+' : weight < 0 ? '−' : ''}${Math.abs(weight).toFixed(1)}`;

export function EngagementSection({ candidate }: { candidate: CandidateDetail }) {
  const engagement = candidate.engagement ?? { opens: 0, clicks: 0, replies: 0, score: candidate.engagementScore, signals: [], humanOpens: 0, meetings: 0 };
  const score = clampScore(engagement.score ?? candidate.engagementScore ?? 0);
  const band = engagement.band ?? bandOf(score);
  const signals = engagement.signals ?? [];
  // Ages are read against the time the drawer opened.
  const [now] = useState(() => Date.now());
  return (
    <DetailSection title="Engagement" testId="candidate-engagement">
      <Stack gap="sm">
        <Group gap="lg" wrap="nowrap" align="center">
          <Stack gap={4} align="center">
            <RingProgress
              size={96}
              thickness={9}
              roundCaps
              sections={[{ value: score, color: engagementColor(score) }]}
              label={<Text ta="center" fw={700} size="lg" data-testid="engagement-score">{score}%</Text>}
              aria-label={`Engagement score ${score}%`}
            />
            <EngagementBandBadge score={score} band={band} />
          </Stack>
          <FactList facts={[
            { label: 'Opens', value: engagement.opens ?? 0 },
            { label: 'Human opens', value: engagement.humanOpens ?? 0 },
            { label: 'Clicks', value: engagement.clicks ?? 0 },
            { label: 'Replies', value: engagement.replies ?? 0 },
            { label: 'Meetings', value: engagement.meetings ?? 0 },
          ]} />
        </Group>
        <div data-testid="engagement-why">
          <Title order={4} size="sm" mb={4}>Why this score</Title>
          {signals.length === 0
            ? <Text size="sm" c="dimmed">No engagement in the last year.</Text>
            : (
              <List size="sm" spacing={2} listStyleType="none" ml={0} pl={0}>
                {signals.map((signal, i) => (
                  <List.Item key={`${signal.at}-${i}`} data-testid="engagement-signal">
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" fw={600} w={56} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>{signed(signal.weight)}</Text>
                      <Text size="sm">{SIGNAL_LABELS[signal.kind] ?? signal.kind}</Text>
                      <Text size="sm" c="dimmed">{ageLabel(signal.at, now)}</Text>
                    </Group>
                  </List.Item>
                ))}
              </List>
            )}
          <Text size="xs" c="dimmed" mt={4}>Weights halve every 30 days; a repeat within 24 hours counts half; machine opens count nothing.</Text>
        </div>
      </Stack>
    </DetailSection>
  );
}

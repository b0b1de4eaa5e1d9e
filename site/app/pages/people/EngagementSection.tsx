// Engagement: the 0-100% score as a ring with its band (spec §1), the event
// counts (raw and human opens side by side), and "Why this score": each signal
// with its weight now and its age (decision 016).
import { Group, List, RingProgress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { people } from '#domain/i18n/en/people.ts';
import { DetailSection } from './DetailSection.tsx';
import { clampScore, EngagementBandBadge, engagementColor } from './EngagementBar.tsx';
import { FactList } from './FactList.tsx';
import type { CandidateDetail } from '#domain/candidates/schemas.ts';
import { bandOf } from '#domain/engagement/score.ts';

type SignalKind = keyof typeof people.engagement.signals;
const isKnownSignal = (kind: string): kind is SignalKind => Object.hasOwn(people.engagement.signals, kind);

const DAY_MS = 86_400_000;

function ageLabel(t: ReturnType<typeof useT>, at: string, now: number): string {
  const days = Math.floor(Math.max(0, now - new Date(at).getTime()) / DAY_MS);
  if (days === 0) return t('people.engagement.today');
  return t('people.engagement.daysAgo', { count: days });
}

const signed = (weight: number) => `${weight > 0 ? '+' : weight < 0 ? '−' : ''}${Math.abs(weight).toFixed(1)}`;

export function EngagementSection({ candidate }: { candidate: CandidateDetail }) {
  const t = useT();
  const engagement = candidate.engagement ?? { opens: 0, clicks: 0, replies: 0, score: candidate.engagementScore, signals: [], humanOpens: 0, meetings: 0 };
  const score = clampScore(engagement.score ?? candidate.engagementScore ?? 0);
  const band = engagement.band ?? bandOf(score);
  const signals = engagement.signals ?? [];
  // Ages are read against the time the drawer opened.
  const [now] = useState(() => Date.now());
  return (
    <DetailSection title={t('people.engagement.title')} testId="candidate-engagement">
      <Stack gap="sm">
        <Group gap="lg" wrap="nowrap" align="center">
          <Stack gap={4} align="center">
            <RingProgress
              size={96}
              thickness={9}
              roundCaps
              sections={[{ value: score, color: engagementColor(score) }]}
              label={<Text ta="center" fw={700} size="lg" data-testid="engagement-score">{score}%</Text>}
              aria-label={t('people.engagement.scoreLabel', { score })}
            />
            <EngagementBandBadge score={score} band={band} />
          </Stack>
          <FactList facts={[
            { label: t('people.engagement.opens'), value: engagement.opens ?? 0 },
            { label: t('people.engagement.humanOpens'), value: engagement.humanOpens ?? 0 },
            { label: t('people.engagement.clicks'), value: engagement.clicks ?? 0 },
            { label: t('people.engagement.replies'), value: engagement.replies ?? 0 },
            { label: t('people.engagement.meetings'), value: engagement.meetings ?? 0 },
          ]} />
        </Group>
        <div data-testid="engagement-why">
          <Title order={4} size="sm" mb={4}>{t('people.engagement.why')}</Title>
          {signals.length === 0
            ? <Text size="sm" c="dimmed">{t('people.engagement.none')}</Text>
            : (
              <List size="sm" spacing={2} listStyleType="none" ml={0} pl={0}>
                {signals.map((signal, i) => (
                  <List.Item key={`${signal.at}-${i}`} data-testid="engagement-signal">
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" fw={600} w={56} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>{signed(signal.weight)}</Text>
                      <Text size="sm">{isKnownSignal(signal.kind) ? t(`people.engagement.signals.${signal.kind}`) : signal.kind}</Text>
                      <Text size="sm" c="dimmed">{ageLabel(t, signal.at, now)}</Text>
                    </Group>
                  </List.Item>
                ))}
              </List>
            )}
          <Text size="xs" c="dimmed" mt={4}>{t('people.engagement.weights')}</Text>
        </div>
      </Stack>
    </DetailSection>
  );
}

// The side-by-side merge of a likely pair: whose record is kept, per differing field whose value
// stays, what moves to the kept candidate, and the consent the merge leaves in words (the server's
// outcome, public.merge_consent_outcome). Two columns that stack on a phone; radios by keyboard.
import { Alert, Badge, Button, Group, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDate } from '#app/i18n/format.ts';
import { useT } from '#app/i18n/useT.ts';
import { MERGE_FIELDS, type DuplicateCandidate, type DuplicatePair, type MergeConsentOutcome, type MergeField } from '#domain/candidates/merge-schemas.ts';
import { useDismissDuplicate, useMergeCandidates } from './duplicateQueries.ts';

type Side = 'low' | 'high';
const other = (side: Side): Side => (side === 'low' ? 'high' : 'low');

const valueOf = (candidate: DuplicateCandidate, field: MergeField) => candidate[field];

interface MergePanelProps {
  pair: DuplicatePair;
  onBack: () => void;
  /** After a merge or a dismissal. */
  onDone: (keptId: number | null) => void;
}

export function MergePanel({ pair, onBack, onDone }: MergePanelProps) {
  const t = useT();
  const [low, high] = pair.candidates;
  const bySide = { low, high };
  const [kept, setKept] = useState<Side>('low');
  const differing = MERGE_FIELDS.filter((field) => (valueOf(low, field) ?? '') !== (valueOf(high, field) ?? ''));
  // Unset: the kept one's value, or the other's where the kept one has none (as the server does).
  const [chosen, setChosen] = useState<Partial<Record<MergeField, Side>>>({});
  const sideOf = (field: MergeField): Side => chosen[field] ?? (valueOf(bySide[kept], field) ? kept : other(kept));
  const merge = useMergeCandidates();
  const dismiss = useDismissDuplicate();
  const keptCandidate = bySide[kept];
  const otherCandidate = bySide[other(kept)];

  const submit = () => {
    const fields = Object.fromEntries(differing.map((field) => [field, sideOf(field) === kept ? 'kept' : 'other']));
    merge.mutate({ keptId: keptCandidate.id, otherId: otherCandidate.id, fields }, { onSuccess: () => onDone(keptCandidate.id) });
  };

  return (
    <Stack gap="md" data-testid="merge-panel">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h4">{t('people.duplicates.mergeTitle', { first: low.name, second: high.name })}</Title>
        <Badge variant="light">{t(`people.duplicates.reasons.${pair.reason}`)}</Badge>
      </Group>

      <Radio.Group label={t('people.duplicates.keep')} value={kept} onChange={(value) => { setKept(value); setChosen({}); }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
          {(['low', 'high'] as const).map((side) => (
            <Stack key={side} gap={2}>
              <Radio value={side} label={t('people.duplicates.keepOption', { name: bySide[side].name, date: formatDate(bySide[side].createdAt) ?? '' })} />
              <Text size="xs" c="dimmed" pl={28}>{t('people.duplicates.facts', countsOf(t, bySide[side]))}</Text>
              <Text size="xs" c="dimmed" pl={28}>
                {bySide[side].lastActivityAt
                  ? t('people.duplicates.lastActivity', { date: formatDate(bySide[side].lastActivityAt) })
                  : t('people.duplicates.noActivity')}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Radio.Group>

      {MERGE_FIELDS.map((field) => {
        const label = t(`people.duplicates.fields.${field}`);
        if (!differing.includes(field)) {
          return (
            <Stack key={field} gap={0}>
              <Text size="sm" fw={500}>{label}</Text>
              <Text size="sm">{valueOf(low, field) ?? t('people.duplicates.empty')}</Text>
            </Stack>
          );
        }
        return (
          <Radio.Group key={field} label={label} description={t('people.duplicates.chooseField', { field: label.toLowerCase() })}
            value={sideOf(field)} onChange={(value) => setChosen({ ...chosen, [field]: value })}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
              {(['low', 'high'] as const).map((side) => (
                <Radio key={side} value={side} label={valueOf(bySide[side], field) ?? t('people.duplicates.empty')}
                  styles={{ label: { overflowWrap: 'anywhere' } }} />
              ))}
            </SimpleGrid>
          </Radio.Group>
        );
      })}

      <Text size="sm" data-testid="merge-moves">
        {t('people.duplicates.moves', { ...countsOf(t, otherCandidate), kept: keptCandidate.name, other: otherCandidate.name })}
      </Text>

      <Alert variant="light" title={t('people.duplicates.consentTitle')} data-testid="merge-consent">
        <Stack gap={4}>
          {([pair.consent.email, pair.consent.whatsapp] as const).map((outcome) => (
            <Text key={outcome.channel} size="sm">{consentText(t, outcome, pair)}</Text>
          ))}
        </Stack>
      </Alert>

      <Group justify="space-between" wrap="wrap">
        <Button variant="subtle" onClick={onBack}>{t('people.duplicates.back')}</Button>
        <Group gap="sm" wrap="wrap">
          <Button variant="default" loading={dismiss.isPending}
            onClick={() => dismiss.mutate({ lowId: pair.lowId, highId: pair.highId }, { onSuccess: () => onDone(null) })}>
            {t('people.duplicates.notSame')}
          </Button>
          <Button onClick={submit} loading={merge.isPending}>{t('people.duplicates.merge')}</Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** "3 messages", "1 meeting", … of a candidate, for the facts and the moves. */
export function countsOf(t: ReturnType<typeof useT>, c: DuplicateCandidate) {
  return {
    messages: t('people.duplicates.counts.messages', { count: c.messages }),
    meetings: t('people.duplicates.counts.meetings', { count: c.meetings }),
    pools: t('people.duplicates.counts.pools', { count: c.pools }),
    campaigns: t('people.duplicates.counts.campaigns', { count: c.campaigns }),
  };
}

/** "Email consent: withdrawn (Anna withdrew it on 3 May)". */
export function consentText(t: ReturnType<typeof useT>, outcome: MergeConsentOutcome, pair: DuplicatePair): string {
  const who = pair.candidates.find((candidate) => candidate.id === outcome.candidateId);
  return t(`people.duplicates.consent.${outcome.state}`, {
    channel: t(`people.channels.${outcome.channel}`),
    name: who?.name ?? '',
    date: formatDate(outcome.since) ?? '',
  });
}

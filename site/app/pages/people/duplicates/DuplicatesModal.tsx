// "Possible duplicates" (?action=duplicates, or one candidate's with &duplicatesOf={id}): the likely
// pairs nobody dismissed, why they look alike, "Look for duplicates now", "Not the same person", and
// the side-by-side merge of one pair (MergePanel). Full screen on a phone.
import { Alert, Badge, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { errorText } from '#app/api/ApiError.ts';
import { formatDateTime } from '#app/i18n/format.ts';
import { useT } from '#app/i18n/useT.ts';
import type { DuplicateCandidate, DuplicatePair } from '#domain/candidates/merge-schemas.ts';
import { useDismissDuplicate, useDuplicates, useLookForDuplicates } from './duplicateQueries.ts';
import { countsOf, MergePanel } from './MergePanel.tsx';

const PAGE = 20;

interface DuplicatesModalProps {
  opened: boolean;
  /** Only this candidate's pairs; null: all. */
  candidateId: number | null;
  onClose: () => void;
  /** After a merge: the kept candidate. */
  onMerged: (keptId: number) => void;
}

export function DuplicatesModal({ opened, candidateId, onClose, onMerged }: DuplicatesModalProps) {
  const t = useT();
  const phone = useMediaQuery('(max-width: 40em)');
  const [comparing, setComparing] = useState<{ lowId: number; highId: number } | null>(null);
  const close = () => { setComparing(null); onClose(); };
  return (
    <Modal opened={opened} onClose={close} title={t('people.duplicates.title')} size="xl" fullScreen={phone}>
      {opened && <DuplicatesBody candidateId={candidateId} comparing={comparing} onCompare={setComparing}
        onMerged={(keptId) => { setComparing(null); onMerged(keptId); }} />}
    </Modal>
  );
}

interface BodyProps {
  candidateId: number | null;
  comparing: { lowId: number; highId: number } | null;
  onCompare: (pair: { lowId: number; highId: number } | null) => void;
  onMerged: (keptId: number) => void;
}

function DuplicatesBody({ candidateId, comparing, onCompare, onMerged }: BodyProps) {
  const t = useT();
  const [limit, setLimit] = useState(PAGE);
  const list = useDuplicates(candidateId, limit);
  const look = useLookForDuplicates();
  const dismiss = useDismissDuplicate();
  const pair = comparing && list.data?.pairs.find((p) => p.lowId === comparing.lowId && p.highId === comparing.highId);
  if (pair) {
    return <MergePanel pair={pair} onBack={() => onCompare(null)} onDone={(keptId) => (keptId ? onMerged(keptId) : onCompare(null))} />;
  }
  const refresh = list.data?.refresh;
  return (
    <Stack gap="md">
      <Text size="sm">{t('people.duplicates.intro')}</Text>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="duplicates-refresh">
          {refresh?.pending ? t('people.duplicates.looking')
            : refresh?.refreshedAt ? t('people.duplicates.lastLooked', { date: formatDateTime(refresh.refreshedAt) }) : t('people.duplicates.neverLooked')}
        </Text>
        <Button variant="default" size="sm" loading={look.isPending} disabled={refresh?.pending} onClick={() => look.mutate()}>
          {t('people.duplicates.lookNow')}
        </Button>
      </Group>
      {list.isPending && <Group gap="xs"><Loader size="sm" /><Text size="sm">{t('people.duplicates.loading')}</Text></Group>}
      {list.isError && <Alert color="red">{t('people.duplicates.loadFailed')}: {errorText(list.error)}</Alert>}
      {list.data && !list.data.pairs.length && <Text size="sm">{t('people.duplicates.none')}</Text>}
      {list.data && list.data.total > 0 && <Text size="sm" fw={500}>{t('people.duplicates.count', { count: list.data.total })}</Text>}
      {list.data?.pairs.map((p) => (
        <PairCard key={`${p.lowId}-${p.highId}`} pair={p} dismissing={dismiss.isPending && dismiss.variables?.lowId === p.lowId && dismiss.variables.highId === p.highId}
          onCompare={() => onCompare({ lowId: p.lowId, highId: p.highId })}
          onDismiss={() => dismiss.mutate({ lowId: p.lowId, highId: p.highId })} />
      ))}
      {list.data && list.data.pairs.length < list.data.total && (
        <Button variant="subtle" onClick={() => setLimit(limit + PAGE)}>{t('people.duplicates.more')}</Button>
      )}
    </Stack>
  );
}

function PairCard({ pair, dismissing, onCompare, onDismiss }: { pair: DuplicatePair; dismissing: boolean; onCompare: () => void; onDismiss: () => void }) {
  const t = useT();
  const [first, second] = pair.candidates;
  return (
    <Card withBorder padding="sm" component="section" aria-label={t('people.duplicates.pairLabel', { first: first.name, second: second.name })}
      data-testid="duplicate-pair">
      <Stack gap="xs">
        <Badge variant="light" style={{ alignSelf: 'flex-start' }}>{t(`people.duplicates.reasons.${pair.reason}`)}</Badge>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Side candidate={first} />
          <Side candidate={second} />
        </SimpleGrid>
        <Group gap="sm" justify="flex-end" wrap="wrap">
          <Button variant="default" size="sm" loading={dismissing} onClick={onDismiss}>{t('people.duplicates.notSame')}</Button>
          <Button size="sm" onClick={onCompare}>{t('people.duplicates.compare')}</Button>
        </Group>
      </Stack>
    </Card>
  );
}

function Side({ candidate: c }: { candidate: DuplicateCandidate }) {
  const t = useT();
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm" fw={600}>{c.name}</Text>
      {[c.email, c.phone, [c.jobFunction, c.location].filter(Boolean).join(' · ')].filter(Boolean).map((line) => (
        <Text key={line} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{line}</Text>
      ))}
      <Text size="xs" c="dimmed">{t('people.duplicates.facts', countsOf(t, c))}</Text>
    </Stack>
  );
}

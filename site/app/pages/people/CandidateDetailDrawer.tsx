// A candidate in the context drawer (spec §2): title = name, description =
// job function · location. What a recruiter acts on comes first: engagement with
// its reasons, meetings (the next one, booking links), the messages (newest first);
// then the details: every field, pools, consent with its ledger. Edit, Add to pool,
// Send booking link and Send message in the footer, always in view.
import { Alert, Button, Center, Divider, Loader, Stack } from '@mantine/core';
import { errorText } from '#app/api/ApiError.ts';
import { ContextDrawer } from '#app/drawers/ContextDrawer.tsx';
import { openPanel } from '#app/drawers/drawerStore.ts';
import { useT } from '#app/i18n/useT.ts';
import { useOpenItemTitle } from '#app/router/useDocumentTitle.ts';
import { CandidateMeetingsSection } from './booking/CandidateMeetingsSection.tsx';
import { SendBookingLinkButton } from './booking/SendBookingLink.tsx';
import { CandidateFacts } from './CandidateFacts.tsx';
import { CandidateMessages } from './CandidateMessages.tsx';
import { ConsentSection } from './ConsentSection.tsx';
import { EngagementSection } from './EngagementSection.tsx';
import { useAddToPool, useCandidate, useTalentPools } from './peopleQueries.ts';
import { PoolMenuButton } from './PoolMenuButton.tsx';
import type { CandidateDetail } from '#domain/candidates/schemas.ts';

export function candidateSubtitle(candidate: Pick<CandidateDetail, 'jobFunction' | 'location'>): string {
  return [candidate.jobFunction, candidate.location].filter(Boolean).join(' · ');
}

interface CandidateDetailDrawerProps {
  candidateId: number | null;
  onClose: () => void;
  onEdit: (candidate: CandidateDetail) => void;
}

/** The pools the candidate is not in yet, one click away. */
function AddToPoolButton({ candidate }: { candidate: CandidateDetail }) {
  const t = useT();
  const pools = useTalentPools();
  const add = useAddToPool();
  return (
    <PoolMenuButton label={t('people.drawer.addToPool')} size="sm" variant="default" loading={add.isPending}
      pools={pools.data ?? []} hidden={new Set(candidate.pools.map((pool) => pool.id))}
      onPick={(pool) => add.mutate({ pool: { poolId: pool.id }, candidateIds: [candidate.id] })}
      onCreate={(name) => add.mutate({ pool: { newPoolName: name }, candidateIds: [candidate.id] })} />
  );
}

export function CandidateDetailDrawer({ candidateId, onClose, onEdit }: CandidateDetailDrawerProps) {
  const t = useT();
  const query = useCandidate(candidateId);
  const candidate = query.data;
  useOpenItemTitle(candidateId !== null ? candidate?.name : null);
  return (
    <ContextDrawer
      opened={candidateId !== null}
      onClose={onClose}
      title={candidate?.name ?? t('people.drawer.candidate')}
      description={candidate ? candidateSubtitle(candidate) || undefined : undefined}
      footer={candidate && <>
        <Button variant="default" onClick={() => onEdit(candidate)}>{t('people.drawer.edit')}</Button>
        <AddToPoolButton candidate={candidate} />
        <SendBookingLinkButton candidate={candidate} />
        <Button onClick={() => openPanel('compose', { candidateId: candidate.id, candidateName: candidate.name })}>{t('people.drawer.sendMessage')}</Button>
      </>}
    >
      {query.isPending && <Center py="xl"><Loader aria-label={t('people.drawer.loading')} /></Center>}
      {query.isError && <Alert color="red" title={t('people.drawer.loadFailed')}>{errorText(query.error)}</Alert>}
      {candidate && <Stack gap="md" data-testid="candidate-detail">
        <EngagementSection candidate={candidate} />
        <Divider />
        <CandidateMeetingsSection candidate={candidate} />
        <Divider />
        <CandidateMessages messages={candidate.messages ?? []} />
        <Divider />
        <CandidateFacts candidate={candidate} />
        <Divider />
        <ConsentSection candidate={candidate} />
      </Stack>}
    </ContextDrawer>
  );
}

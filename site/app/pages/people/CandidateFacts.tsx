// Every candidate field of the spec (§3) plus the rest the API sends; the pools can be left from here.
import { Badge, CloseButton, Group, Text } from '@mantine/core';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { useT } from '#app/i18n/useT.ts';
import { DetailSection } from './DetailSection.tsx';
import { FactList } from './FactList.tsx';
import type { CandidateDetail } from '#domain/candidates/schemas.ts';
import { contactMethodFact, seniorityLabel } from './peopleLabels.ts';
import { useRemoveFromPool } from './peopleQueries.ts';
import { SkillTags } from './SkillTags.tsx';

export function CandidateFacts({ candidate: c }: { candidate: CandidateDetail }) {
  const t = useT();
  return (
    <>
      <DetailSection title={t('people.facts.contact')} testId="candidate-contact">
        <FactList facts={[
          { label: t('people.facts.email'), value: c.email },
          { label: t('people.facts.phone'), value: c.phone },
          { label: t('people.facts.whatsappNumber'), value: c.whatsappNumber },
          { label: t('people.facts.preferredContactMethod'), value: c.preferredContactMethod ? contactMethodFact(c.preferredContactMethod) : null },
        ]} />
      </DetailSection>
      <DetailSection title={t('people.facts.profile')} testId="candidate-profile">
        <FactList facts={[
          { label: t('people.facts.jobFunction'), value: c.jobFunction },
          { label: t('people.facts.seniority'), value: c.seniorityLevel ? seniorityLabel(c.seniorityLevel) : null },
          { label: t('people.facts.location'), value: c.location },
          { label: t('people.facts.timeZone'), value: t('people.facts.timeZoneValue', { zone: c.timeZone.zone, source: t(`people.timeZoneSources.${c.timeZone.source}`) }) },
          { label: t('people.facts.language'), value: t(`people.languages.${c.language ?? 'unknown'}`) },
          { label: t('people.facts.preferredRole'), value: c.preferredRole },
          { label: t('people.facts.leadScore'), value: c.leadScore },
          { label: t('people.facts.unsubscribed'), value: c.unsubscribedAt ? formatDateTime(c.unsubscribedAt) : t('people.facts.no') },
          { label: t('people.facts.added'), value: formatDateTime(c.createdAt) },
          { label: t('people.facts.lastUpdated'), value: formatDateTime(c.updatedAt) },
        ]} />
        <Text size="xs" c="dimmed">{t('people.facts.skills')}</Text>
        {c.skillTags?.length ? <SkillTags tags={c.skillTags} max={Infinity} /> : <Text size="sm">—</Text>}
        {c.notes && <>
          <Text size="xs" c="dimmed">{t('people.facts.notes')}</Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{c.notes}</Text>
        </>}
      </DetailSection>
      <DetailSection title={t('people.facts.talentPools')} testId="candidate-pools">
        {c.pools?.length ? <PoolBadges candidate={c} /> : <Text size="sm" c="dimmed">{t('people.facts.noPools')}</Text>}
      </DetailSection>
    </>
  );
}

/** The candidate's pools, each with a button that takes the candidate out of it (the pool stays). */
function PoolBadges({ candidate }: { candidate: CandidateDetail }) {
  const t = useT();
  const remove = useRemoveFromPool();
  return (
    <Group gap={6}>
      {candidate.pools.map((pool) => (
        <Badge key={pool.id} variant="light" pr={3} rightSection={
          <CloseButton size="xs" variant="transparent" aria-label={t('people.facts.removeFromPool', { pool: pool.name })}
            disabled={remove.isPending} onClick={() => remove.mutate({ poolId: pool.id, candidateIds: [candidate.id] })} />
        }>
          {pool.name}
        </Badge>
      ))}
    </Group>
  );
}

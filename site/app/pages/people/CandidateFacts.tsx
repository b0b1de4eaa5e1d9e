// Every candidate field of the spec (§3) plus the rest the API sends.
import { Badge, Group, Text } from '@mantine/core';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { DetailSection } from './DetailSection.tsx';
import { FactList } from './FactList.tsx';
import type { CandidateDetail, TimeZoneSource } from '#domain/candidates/schemas.ts';
import { capitalize } from './capitalize.ts';
import { SkillTags } from './SkillTags.tsx';

/** Where the zone send windows use comes from, as the drawer says it. */
export const TIME_ZONE_SOURCE_TEXT: Record<TimeZoneSource, string> = {
  manual: 'set by hand',
  location: 'from the location',
  organisation: "the organisation's default",
};

export function CandidateFacts({ candidate: c }: { candidate: CandidateDetail }) {
  return (
    <>
      <DetailSection title="Contact" testId="candidate-contact">
        <FactList facts={[
          { label: 'Email', value: c.email },
          { label: 'Phone', value: c.phone },
          { label: 'WhatsApp number', value: c.whatsappNumber },
          { label: 'Preferred contact method', value: c.preferredContactMethod ? capitalize(c.preferredContactMethod) : null },
        ]} />
      </DetailSection>
      <DetailSection title="Profile" testId="candidate-profile">
        <FactList facts={[
          { label: 'Job function', value: c.jobFunction },
          { label: 'Seniority', value: c.seniorityLevel ? capitalize(c.seniorityLevel) : null },
          { label: 'Location', value: c.location },
          { label: 'Time zone', value: `${c.timeZone.zone} (${TIME_ZONE_SOURCE_TEXT[c.timeZone.source]})` },
          { label: 'Preferred role', value: c.preferredRole },
          { label: 'Lead score', value: c.leadScore },
          { label: 'Unsubscribed', value: c.unsubscribedAt ? formatDateTime(c.unsubscribedAt) : 'No' },
          { label: 'Added', value: formatDateTime(c.createdAt) },
          { label: 'Last updated', value: formatDateTime(c.updatedAt) },
        ]} />
        <Text size="xs" c="dimmed">Skills</Text>
        {c.skillTags?.length ? <SkillTags tags={c.skillTags} max={Infinity} /> : <Text size="sm">—</Text>}
        {c.notes && <>
          <Text size="xs" c="dimmed">Notes</Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{c.notes}</Text>
        </>}
      </DetailSection>
      <DetailSection title="Talent pools" testId="candidate-pools">
        {c.pools?.length ? (
          <Group gap={6}>{c.pools.map((pool) => <Badge key={pool.id} variant="light">{pool.name}</Badge>)}</Group>
        ) : <Text size="sm" c="dimmed">Not in any pool.</Text>}
      </DetailSection>
    </>
  );
}

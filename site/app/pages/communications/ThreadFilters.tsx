// The thread list's view ("Needs reply" or all) and its filters: the latest reply's sentiment and the candidate.
import { Group, SegmentedControl, Select, Stack } from '@mantine/core';
import type { ThreadFilters as Filters } from '#app/messaging/queries.ts';
import { useT } from '#app/i18n/useT.ts';
import { THREAD_VIEWS } from '#domain/messages/schemas.ts';
import { sentimentSchema } from '#domain/ai/schemas.ts';

interface ThreadFiltersProps {
  value: Filters;
  onChange: (next: Filters) => void;
  candidates: { id: number; name: string }[];
}

export function ThreadFilters({ value, onChange, candidates }: ThreadFiltersProps) {
  const t = useT();
  const sentimentFilters = [
    { value: '', label: t('communications.threads.allSentiments') },
    ...sentimentSchema.options.map((sentiment) => ({ value: sentiment, label: t(`sentiment.${sentiment}`) })),
  ];
  const viewOptions = THREAD_VIEWS.map((view) => ({ value: view, label: t(`communications.threads.views.${view}`) }));
  return (
    <Stack gap="xs">
      <SegmentedControl aria-label={t('communications.threads.show')} data={viewOptions} value={value.view ?? 'all'}
        onChange={(view) => onChange({ ...value, view: THREAD_VIEWS.find((v) => v === view) })} />
      <Group gap="sm" grow>
        <Select
          label={t('communications.threads.sentiment')}
          data={sentimentFilters}
          value={value.sentiment ?? ''}
          allowDeselect={false}
          onChange={(sentiment) => onChange({ ...value, sentiment: sentimentSchema.safeParse(sentiment).data })}
        />
        <Select
          label={t('communications.threads.candidate')}
          placeholder={t('communications.threads.allCandidates')}
          data={candidates.map((c) => ({ value: String(c.id), label: c.name }))}
          value={value.candidateId ? String(value.candidateId) : null}
          searchable
          clearable
          nothingFoundMessage={t('communications.threads.noCandidates')}
          onChange={(id) => onChange({ ...value, candidateId: id ? Number(id) : undefined })}
        />
      </Group>
    </Stack>
  );
}

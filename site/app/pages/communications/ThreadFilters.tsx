// The thread list's view ("Needs reply" or all) and its filters: the latest reply's sentiment and the candidate.
import { Group, SegmentedControl, Select, Stack } from '@mantine/core';
import type { ThreadFilters as Filters } from '#app/messaging/queries.ts';
import { sentimentSchema, THREAD_VIEWS, type ThreadView } from '#domain/messages/schemas.ts';

const capitalised = (text: string) => text[0].toUpperCase() + text.slice(1);

export const SENTIMENT_FILTERS = [
  { value: '', label: 'All sentiments' },
  ...sentimentSchema.options.map((value) => ({ value, label: capitalised(value) })),
];

const VIEW_LABELS: Record<ThreadView, string> = { 'needs-reply': 'Needs reply', all: 'All' };
export const VIEW_OPTIONS = THREAD_VIEWS.map((value) => ({ value, label: VIEW_LABELS[value] }));

interface ThreadFiltersProps {
  value: Filters;
  onChange: (next: Filters) => void;
  candidates: { id: number; name: string }[];
}

export function ThreadFilters({ value, onChange, candidates }: ThreadFiltersProps) {
  return (
    <Stack gap="xs">
      <SegmentedControl aria-label="Show" data={VIEW_OPTIONS} value={value.view ?? 'all'}
        onChange={(view) => onChange({ ...value, view: THREAD_VIEWS.find((v) => v === view) })} />
      <Group gap="sm" grow>
        <Select
          label="Sentiment"
          data={SENTIMENT_FILTERS}
          value={value.sentiment ?? ''}
          allowDeselect={false}
          onChange={(sentiment) => onChange({ ...value, sentiment: sentimentSchema.safeParse(sentiment).data })}
        />
        <Select
          label="Candidate"
          placeholder="All candidates"
          data={candidates.map((c) => ({ value: String(c.id), label: c.name }))}
          value={value.candidateId ? String(value.candidateId) : null}
          searchable
          clearable
          nothingFoundMessage="No candidates with messages"
          onChange={(id) => onChange({ ...value, candidateId: id ? Number(id) : undefined })}
        />
      </Group>
    </Stack>
  );
}

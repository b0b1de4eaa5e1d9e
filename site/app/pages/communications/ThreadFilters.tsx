// Filter the thread list by the latest reply's sentiment and by candidate.
import { Group, Select } from '@mantine/core';
import type { ThreadFilters as Filters } from '#app/messaging/queries.ts';
import { sentimentSchema } from '#domain/messages/schemas.ts';

const capitalised = (text: string) => text[0].toUpperCase() + text.slice(1);

export const SENTIMENT_FILTERS = [
  { value: '', label: 'All sentiments' },
  ...sentimentSchema.options.map((value) => ({ value, label: capitalised(value) })),
];

interface ThreadFiltersProps {
  value: Filters;
  onChange: (next: Filters) => void;
  candidates: { id: number; name: string }[];
}

export function ThreadFilters({ value, onChange, candidates }: ThreadFiltersProps) {
  return (
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
  );
}

// Who the message goes to: one candidate or a talent pool. Locked when the
// dialog was opened for a given candidate or pool (spec §2).
import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useT } from '#app/i18n/useT.ts';
import type { MessageFormValues } from '#app/messaging/messageFormSchema.ts';
import type { Candidate } from '#domain/candidates/schemas.ts';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';

interface RecipientFieldsProps {
  control: Control<MessageFormValues>;
  candidates: Candidate[];
  pools: TalentPool[];
  locked: boolean;
  /** The preset candidate's name, shown before the candidate list has loaded. */
  presetCandidateName?: string;
  loadingCandidates: boolean;
}

export function RecipientFields({ control, candidates, pools, locked, presetCandidateName, loadingCandidates }: RecipientFieldsProps) {
  const t = useT();
  const recipientType = useWatch({ control, name: 'recipientType' });
  const candidateId = useWatch({ control, name: 'candidateId' });

  const candidateOptions = candidates.map((c) => ({ value: String(c.id), label: c.email ? `${c.name} (${c.email})` : c.name }));
  if (candidateId && !candidates.some((c) => c.id === candidateId)) {
    candidateOptions.unshift({ value: String(candidateId), label: presetCandidateName ?? t('panels.compose.candidateNumber', { id: candidateId }) });
  }
  const poolOptions = pools.map((p) => ({ value: String(p.id), label: `${p.name} (${p.candidateCount})` }));

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id="compose-recipient-type">{t('panels.compose.sendTo')}</Text>
      <Controller
        control={control}
        name="recipientType"
        render={({ field }) => (
          <SegmentedControl
            aria-labelledby="compose-recipient-type"
            data={[{ value: 'individual', label: t('panels.compose.individual') }, { value: 'pool', label: t('panels.compose.talentPool') }]}
            value={field.value}
            onChange={(value) => field.onChange(value)}
            disabled={locked}
            data-testid="compose-recipient-type"
          />
        )}
      />
      {recipientType === 'individual' ? (
        <Controller
          control={control}
          name="candidateId"
          render={({ field }) => (
            <Select
              label={t('panels.compose.candidate')}
              placeholder={loadingCandidates ? t('panels.compose.loadingCandidates') : t('panels.compose.selectCandidate')}
              data={candidateOptions}
              searchable
              // Up to 10000 candidates: render only the first matches of what is typed.
              limit={100}
              clearable={!locked}
              disabled={locked}
              // The dialog's first field: who the message is for (a preset one is locked; ComposeMessageDialog then starts at the text).
              // Its list opens on typing, a click or Arrow down, not as focus lands there: Escape then closes the dialog.
              data-autofocus={!locked || undefined}
              openOnFocus={false}
              nothingFoundMessage={t('panels.compose.noCandidates')}
              value={field.value ? String(field.value) : null}
              onChange={(value) => field.onChange(value ? Number(value) : null)}
              comboboxProps={{ withinPortal: true }}
              data-testid="compose-candidate-select"
            />
          )}
        />
      ) : (
        <Controller
          control={control}
          name="talentPoolId"
          render={({ field }) => (
            <Select
              label={t('panels.compose.talentPool')}
              placeholder={t('panels.compose.selectPool')}
              data={poolOptions}
              searchable
              clearable={!locked}
              disabled={locked}
              // The dialog's first field: who the message is for (a preset one is locked; ComposeMessageDialog then starts at the text).
              // Its list opens on typing, a click or Arrow down, not as focus lands there: Escape then closes the dialog.
              data-autofocus={!locked || undefined}
              openOnFocus={false}
              nothingFoundMessage={t('panels.compose.noPools')}
              value={field.value ? String(field.value) : null}
              onChange={(value) => field.onChange(value ? Number(value) : null)}
              data-testid="compose-pool-select"
            />
          )}
        />
      )}
    </Stack>
  );
}

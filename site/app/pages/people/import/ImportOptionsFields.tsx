// Where the imported candidates go and what happens to ones already known (same email).
import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import type { ImportCreate } from '#domain/imports/schemas.ts';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';

type DuplicateMode = ImportCreate['duplicates'];

interface ImportOptionsFieldsProps {
  pools: TalentPool[];
  poolId: number | null;
  onPool: (id: number | null) => void;
  duplicates: DuplicateMode;
  onDuplicates: (mode: DuplicateMode) => void;
}

export function ImportOptionsFields({ pools, poolId, onPool, duplicates, onDuplicates }: ImportOptionsFieldsProps) {
  const t = useT();
  return (
    <Group align="flex-end" gap="lg" wrap="wrap">
      <Select
        label={t('people.import.addToPool')}
        placeholder={t('people.import.noPool')}
        data={pools.map((pool) => ({ value: String(pool.id), label: pool.name }))}
        value={poolId === null ? null : String(poolId)}
        onChange={(value) => onPool(value ? Number(value) : null)}
        clearable
        searchable
        w={240}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="import-duplicates-label">{t('people.import.duplicates')}</Text>
        <SegmentedControl
          aria-labelledby="import-duplicates-label"
          value={duplicates}
          onChange={(value) => onDuplicates(value)}
          data={[{ value: 'skip', label: t('people.import.skip') }, { value: 'update', label: t('people.import.update') }]}
        />
      </Stack>
    </Group>
  );
}

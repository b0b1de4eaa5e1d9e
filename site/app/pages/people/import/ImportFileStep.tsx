// Step 1: choose the CSV file.
import { FileInput, Stack, Text } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';

export function ImportFileStep({ file, onFile }: { file: File | null; onFile: (file: File | null) => void }) {
  const t = useT();
  return (
    <Stack gap="sm">
      <FileInput
        label={t('people.import.fileLabel')}
        placeholder={t('people.import.filePlaceholder')}
        accept=".csv,text/csv"
        value={file}
        onChange={onFile}
        clearable
        data-testid="import-file"
        data-autofocus
      />
      <Text size="sm" c="dimmed">{t('people.import.fileHelp')}</Text>
    </Stack>
  );
}

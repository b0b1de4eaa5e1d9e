// Step 1: choose the CSV file.
import { FileInput, Stack, Text } from '@mantine/core';

export function ImportFileStep({ file, onFile }: { file: File | null; onFile: (file: File | null) => void }) {
  return (
    <Stack gap="sm">
      <FileInput
        label="CSV file"
        placeholder="Choose a .csv file"
        accept=".csv,text/csv"
        value={file}
        onChange={onFile}
        clearable
        data-testid="import-file"
      />
      <Text size="sm" c="dimmed">
        A header row, then one candidate per line. Comma, semicolon (Dutch Excel) and tab separated files work, saved
        as UTF-8, UTF-16 or Windows-1252; English and Dutch column names are recognised. Only the first rows are read
        for the preview. A file is imported whole or not at all.
      </Text>
    </Stack>
  );
}

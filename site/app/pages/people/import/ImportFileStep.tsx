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
        A header row, then one candidate per line. Comma, semicolon (Dutch Excel) and tab separated files work;
        English and Dutch column names are recognised. Only the first rows are read for the preview.
      </Text>
    </Stack>
  );
}

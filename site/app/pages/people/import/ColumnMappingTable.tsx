// Which candidate field each column of the file fills (guessed from the
// headers; every choice can be changed).
import { Select, Table, Text } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import { fieldOfColumn } from './importMapping.ts';
import type { ImportField, ImportMapping, ImportPreview } from '#domain/imports/schemas.ts';

interface ColumnMappingTableProps {
  preview: ImportPreview;
  mapping: ImportMapping;
  onAssign: (column: number, field: ImportField | null) => void;
}

export function ColumnMappingTable({ preview, mapping, onAssign }: ColumnMappingTableProps) {
  const t = useT();
  // Each field by its name in the interface's language (the preview's labels are the server's English).
  const options = [{ value: '', label: t('people.import.dontImport') }, ...preview.fields.map(({ field }) => ({ value: field, label: t(`people.import.fields.${field}`) }))];
  return (
    <Table.ScrollContainer minWidth={520} mah={280}>
      <Table verticalSpacing={4} data-testid="import-mapping">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('people.import.columnInFile')}</Table.Th>
            <Table.Th>{t('people.import.example')}</Table.Th>
            <Table.Th>{t('people.import.importsAs')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.columns.map((column) => (
            <Table.Tr key={column.index}>
              <Table.Td><Text size="sm" fw={600}>{column.header || t('people.import.columnNumber', { number: column.index + 1 })}</Text></Table.Td>
              <Table.Td><Text size="xs" c="dimmed" truncate maw={200}>{column.sample.filter(Boolean).join(', ') || '—'}</Text></Table.Td>
              <Table.Td>
                <Select
                  aria-label={t('people.import.fieldFor', { column: column.header || column.index + 1 })}
                  size="xs"
                  data={options}
                  value={fieldOfColumn(mapping, column.index) ?? ''}
                  onChange={(value) => onAssign(column.index, value ? (value as ImportField) : null)}
                  allowDeselect={false}
                  w={200}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

// "Columns": which of the People table's optional columns to show (checkboxes in a popover).
import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import { PEOPLE_COLUMNS, type PeopleColumn } from './peopleColumns.ts';

export function ColumnsMenu({ chosen, onToggle }: { chosen: readonly PeopleColumn[]; onToggle: (id: PeopleColumn) => void }) {
  const t = useT();
  return (
    <Popover position="bottom-end" withinPortal trapFocus shadow="md">
      <Popover.Target>
        <Button variant="default" size="xs" data-testid="people-columns">{t('people.list.columnsButton')}</Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label={t('people.list.showColumns')}>
          {PEOPLE_COLUMNS.map((column) => (
            <Checkbox key={column.id} size="sm" label={t(`people.columns.${column.id}`)} checked={chosen.includes(column.id)} onChange={() => onToggle(column.id)} />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

// Downloads the current filtered list as CSV: a plain link, so the browser
// streams the file straight to disk however many rows it has.
import { Button } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import { exportUrl, type CandidateFilters, type SortState } from './candidateFilters.ts';

export function ExportButton({ filters, sort }: { filters: CandidateFilters; sort: SortState }) {
  const t = useT();
  return (
    <Button component="a" href={exportUrl(filters, sort)} download variant="default" data-testid="export-csv">
      {t('people.exportCsv')}
    </Button>
  );
}

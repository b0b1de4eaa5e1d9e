// The palette's body when there is no list to show: the start hint (below 2
// characters), "Searching...", "No results found", or a failed search (spec §2).
import { Spotlight } from '@mantine/spotlight';
import { Stack, Text } from '@mantine/core';
import { errorText } from '../api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';

export type PaletteStatusKind = 'start' | 'searching' | 'empty' | 'error';

export function PaletteStatus({ kind, error }: { kind: PaletteStatusKind; error?: unknown }) {
  const t = useT();
  return (
    <Spotlight.Empty data-testid="palette-status" data-status={kind}>
      <Stack gap={4} align="center">
        {kind === 'start' && <>
          <Text size="sm">{t('palette.startHint')}</Text>
          <Text size="xs" c="dimmed">{t('palette.quickActionHint')}</Text>
        </>}
        {kind === 'searching' && <Text size="sm" c="dimmed">{t('palette.searching')}</Text>}
        {kind === 'empty' && <>
          <Text size="sm">{t('palette.noResults')}</Text>
          <Text size="xs" c="dimmed">{t('palette.noResultsHint')}</Text>
        </>}
        {kind === 'error' && <>
          <Text size="sm" c="red">{t('palette.failed')}</Text>
          <Text size="xs" c="dimmed">{errorText(error)}</Text>
        </>}
      </Stack>
    </Spotlight.Empty>
  );
}

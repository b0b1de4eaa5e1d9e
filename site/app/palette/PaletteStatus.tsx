// The palette's body when there is no list to show: the start hint (below 2
// characters), "Searching...", "No results found", or a failed search (spec §2).
import { Spotlight } from '@mantine/spotlight';
import { Stack, Text } from '@mantine/core';
import { errorText } from '../api/ApiError.ts';

export const START_HINT = 'Start typing to search across the product';
export const QUICK_ACTION_HINT = 'Try "create campaign"';
export const SEARCHING_TEXT = 'Searching...';
export const NO_RESULTS_TEXT = 'No results found';
export const NO_RESULTS_HINT = 'Try a different search term';

export type PaletteStatusKind = 'start' | 'searching' | 'empty' | 'error';

export function PaletteStatus({ kind, error }: { kind: PaletteStatusKind; error?: unknown }) {
  return (
    <Spotlight.Empty data-testid="palette-status" data-status={kind}>
      <Stack gap={4} align="center">
        {kind === 'start' && <>
          <Text size="sm">{START_HINT}</Text>
          <Text size="xs" c="dimmed">{QUICK_ACTION_HINT}</Text>
        </>}
        {kind === 'searching' && <Text size="sm" c="dimmed">{SEARCHING_TEXT}</Text>}
        {kind === 'empty' && <>
          <Text size="sm">{NO_RESULTS_TEXT}</Text>
          <Text size="xs" c="dimmed">{NO_RESULTS_HINT}</Text>
        </>}
        {kind === 'error' && <>
          <Text size="sm" c="red">Search failed</Text>
          <Text size="xs" c="dimmed">{errorText(error)}</Text>
        </>}
      </Stack>
    </Spotlight.Empty>
  );
}

// Dialogs that are not needed to show a page, each its own chunk: the command
// palette (Cmd/Ctrl+K) and the global compose, reply and campaign panels. Their
// stores are in the first chunk, so a request made before a chunk has arrived
// waits there (the store says open) and the dialog opens as it first renders.
import { Suspense } from 'react';
import { useDrawerState } from '../drawers/drawerStore.ts';
import { preloadableLazy } from '../lib/preloadableLazy.ts';
import { useOnceTrue } from '../lib/useOnceTrue.ts';
import { usePaletteState } from '../palette/paletteStore.ts';
import { usePaletteShortcut } from '../palette/usePaletteShortcut.ts';

export const CommandPalette = preloadableLazy(() => import('../palette/CommandPalette.tsx').then((m) => m.CommandPalette));
const GlobalPanels = preloadableLazy(() => import('../panels/GlobalPanels.tsx').then((m) => m.GlobalPanels));

export function DeferredPanels() {
  usePaletteShortcut();
  const paletteWanted = useOnceTrue(usePaletteState().opened);
  const drawers = useDrawerState();
  const panelsWanted = useOnceTrue(drawers.compose.open || drawers.reply.open || drawers.campaign.open);
  // Each in its own boundary: a chunk on its way must not blank the page, or the other dialog.
  return (
    <>
      <Suspense fallback={null}>{paletteWanted && <CommandPalette />}</Suspense>
      <Suspense fallback={null}>{panelsWanted && <GlobalPanels />}</Suspense>
    </>
  );
}

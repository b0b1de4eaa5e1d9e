// Dialogs that are not needed to show a page, each its own chunk: the command
// palette (Cmd/Ctrl+K) and the global compose, reply and campaign panels. Their
// stores are in the first chunk, so a request made before a chunk has arrived
// waits there (the store says open) and the dialog opens as it first renders.
import { Suspense, useLayoutEffect, useRef } from 'react';
import { useDrawerState } from '../drawers/drawerStore.ts';
import { withEnglish } from '../i18n/withEnglish.ts';
import { preloadableLazy } from '../lib/preloadableLazy.ts';
import { useOnceTrue } from '../lib/useOnceTrue.ts';
import { usePaletteState } from '../palette/paletteStore.ts';
import { usePaletteShortcut } from '../palette/usePaletteShortcut.ts';

export const CommandPalette = preloadableLazy(withEnglish(() => import('../palette/CommandPalette.tsx').then((m) => m.CommandPalette)));
const GlobalPanels = preloadableLazy(withEnglish(() => import('../panels/GlobalPanels.tsx').then((m) => m.GlobalPanels)));

/**
 * Each dialog here first mounts already open (its chunk arrives after the click), and a Mantine modal
 * mounted open does not know where focus was: remember it when the store opens the dialog the first
 * time and give it back when that opening closes. Later openings Mantine returns itself.
 */
function useFocusReturnOnFirstOpen(open: boolean) {
  const opener = useRef<Element | null>(null);
  const phase = useRef<'before' | 'open' | 'done'>('before');
  useLayoutEffect(() => {
    if (open && phase.current === 'before') {
      phase.current = 'open';
      opener.current = document.activeElement;
    } else if (!open && phase.current === 'open') {
      phase.current = 'done';
      const target = opener.current;
      const atClose = document.activeElement;
      // As Mantine does: after the modal lets go, unless the user has moved focus elsewhere meanwhile.
      const timer = window.setTimeout(() => {
        const now = document.activeElement;
        if (target instanceof HTMLElement && target.isConnected && (now === null || now === document.body || now === atClose)) {
          target.focus({ preventScroll: true });
        }
      }, 10);
      // Unmounted meanwhile (a page left, a test ended): there is no focus left to give back.
      return () => window.clearTimeout(timer);
    }
    return undefined;
  }, [open]);
}

export function DeferredPanels() {
  usePaletteShortcut();
  const paletteOpen = usePaletteState().opened;
  const paletteWanted = useOnceTrue(paletteOpen);
  const drawers = useDrawerState();
  const panelsOpen = drawers.compose.open || drawers.reply.open || drawers.campaign.open;
  const panelsWanted = useOnceTrue(panelsOpen);
  useFocusReturnOnFirstOpen(paletteOpen);
  useFocusReturnOnFirstOpen(panelsOpen);
  // Each in its own boundary: a chunk on its way must not blank the page, or the other dialog.
  return (
    <>
      <Suspense fallback={null}>{paletteWanted && <CommandPalette />}</Suspense>
      <Suspense fallback={null}>{panelsWanted && <GlobalPanels />}</Suspense>
    </>
  );
}

// Cmd/Ctrl+K anywhere on the page toggles the palette, except while typing in
// an input, textarea or editable area (spec §2). What is typed right after it,
// before the palette's field has focus (its code loads on demand), goes into
// the query instead of being lost.
import { useEffect } from 'react';
import { shouldTogglePalette, typedAheadCharacter } from './paletteLogic.ts';
import { getPaletteState, setPaletteQuery, toggleCommandPalette } from './paletteStore.ts';

export function usePaletteShortcut(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const palette = getPaletteState();
      const typed = typedAheadCharacter(event, palette.opened);
      if (typed !== null) {
        event.preventDefault();
        setPaletteQuery(palette.query + typed);
        return;
      }
      if (!shouldTogglePalette(event)) return;
      // Ours, not the browser's (Ctrl+K focuses the address bar in some browsers).
      event.preventDefault();
      toggleCommandPalette();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

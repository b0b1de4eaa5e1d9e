// Cmd/Ctrl+K anywhere on the page toggles the palette, except while typing in
// an input, textarea or editable area (spec §2).
import { useEffect } from 'react';
import { shouldTogglePalette } from './paletteLogic.ts';
import { toggleCommandPalette } from './paletteStore.ts';

export function usePaletteShortcut(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!shouldTogglePalette(event)) return;
      // Ours, not the browser's (Ctrl+K focuses the address bar in some browsers).
      event.preventDefault();
      toggleCommandPalette();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

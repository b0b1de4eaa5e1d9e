// The shell's frame that the /app HTML paints before any script has run
// (site/components/app/ShellFrame.astro). It lies over the page until React has
// painted what replaces it: the shell, or the session gate's loader or error.
import { useLayoutEffect } from 'react';

export const STATIC_FRAME_ID = 'app-static-frame';

/** Removes the HTML frame once the component using it has rendered (a no-op without one, as in unit tests). */
export function useRemoveStaticFrame() {
  useLayoutEffect(() => {
    document.getElementById(STATIC_FRAME_ID)?.remove();
  }, []);
}

// The phone layout: below Mantine's sm breakpoint (48em), where the sidebar gives way to the
// bottom bar. (ToastViewport.module.css writes the same query in CSS.)
import { useMediaQuery } from '@mantine/hooks';

export const PHONE_QUERY = '(max-width: 47.99em)';

/** Whether the screen is phone-sized, read at the first render (no desktop flash on a phone). */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}

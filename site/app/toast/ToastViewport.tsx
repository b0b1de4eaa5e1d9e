import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from './toast.ts';
import classes from './ToastViewport.module.css';

/** F8 moves keyboard focus to the toast on screen, so it can be read or closed. */
export function focusToast(): void {
  document.querySelector<HTMLElement>('.mantine-Notification-root .mantine-Notification-closeButton')?.focus();
}

/**
 * Where toasts appear: one at a time, at most 420 px wide, never over a dialog's or drawer's close
 * button (top right) or a drawer's title: top centre from md up, where dialogs are narrower than the screen
 * (beside an open drawer, the centre of what it leaves free); at the bottom below md (above the phone's bottom bar), where dialogs fill the screen.
 */
export function ToastViewport() {
  useHotkeys([['F8', focusToast]], []);
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  return (
    <Notifications
      position={wide ? 'top-center' : 'bottom-center'}
      classNames={{ root: classes.root }}
      limit={1}
      autoClose={TOAST_DURATION_MS}
      containerWidth={420}
      zIndex={1000}
    />
  );
}

import { useHotkeys } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from './toast.ts';

/** F8 moves keyboard focus to the toast on screen, so it can be read or closed. */
export function focusToast(): void {
  document.querySelector<HTMLElement>('.mantine-Notification-root .mantine-Notification-closeButton')?.focus();
}

/** Where toasts appear: top right, one at a time, at most 420 px wide. */
export function ToastViewport() {
  useHotkeys([['F8', focusToast]], []);
  return (
    <Notifications
      position="top-right"
      limit={1}
      autoClose={TOAST_DURATION_MS}
      containerWidth={420}
      zIndex={1000}
    />
  );
}

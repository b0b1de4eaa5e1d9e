import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from './toast.ts';

/** Where toasts appear: top right, one at a time, at most 420 px wide. */
export function ToastViewport() {
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

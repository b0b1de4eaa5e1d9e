// toast({ title, description, variant }) on top of @mantine/notifications (spec §8, §9).
import { notifications } from '@mantine/notifications';

export type ToastVariant = 'default' | 'destructive' | 'success' | 'warning' | 'info';

export interface ToastOptions {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes; default TOAST_DURATION_MS. */
  duration?: number;
}

export const TOAST_DURATION_MS = 5000;
/** A horizontal swipe of at least this many pixels dismisses a toast (spec §9). */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
let toastCounter = 0;

function swipeToDismiss(id: string) {
  let startX: number | null = null;
  return {
    onPointerDown: (event: { clientX: number }) => { startX = event.clientX; },
    onPointerUp: (event: { clientX: number }) => {
      if (startX !== null && Math.abs(event.clientX - startX) >= TOAST_SWIPE_THRESHOLD_PX) notifications.hide(id);
      startX = null;
    },
  };
}

export const TOAST_COLORS: Record<ToastVariant, string | undefined> = {
  default: undefined,
  destructive: 'red',
  success: 'green',
  warning: 'yellow',
  info: 'blue',
};

/** Shows a toast, replacing the one on screen (one at a time). Returns its id. */
export function toast({ title, description, variant = 'default', duration }: ToastOptions): string {
  notifications.clean();
  const hasDescription = description !== undefined && description !== '';
  const id = `toast-${++toastCounter}`;
  return notifications.show({
    id,
    ...swipeToDismiss(id),
    title: hasDescription ? title : undefined,
    message: hasDescription ? description : (title ?? ''),
    color: TOAST_COLORS[variant],
    autoClose: duration ?? TOAST_DURATION_MS,
    withBorder: variant === 'default',
    'data-variant': variant,
  });
}

export function dismissToast(id?: string): void {
  if (id) notifications.hide(id);
  else notifications.clean();
}

// Minimal toast for the public pages (the /app shell uses Mantine's instead).
// One toast at a time: a new one replaces the old. Top-right, auto-dismiss after 5 s.
// Stable hooks for tests: .toast, .toast-title, .toast-description, .toast-close.
// Its labels are the page's language: each script hands them over (setToastLabels) from its data-texts.

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it disappears on its own. */
  duration?: number;
}

export const TOAST_DURATION_MS = 5000;

/** The viewport's landmark name and the close button's name ("Notifications (F8)", "Dismiss notification"). */
export interface ToastLabels {
  notifications: string;
  dismiss: string;
}

let current: { el: HTMLElement; timer: number } | null = null;
let labels: ToastLabels | null = null;

export function setToastLabels(pageLabels: ToastLabels): void {
  labels = { notifications: pageLabels.notifications, dismiss: pageLabels.dismiss };
}

function pageLabels(): ToastLabels {
  if (!labels) throw new Error('setToastLabels before showToast');
  return labels;
}

function viewport(): HTMLElement {
  let vp = document.querySelector<HTMLElement>('.toast-viewport');
  if (!vp) {
    vp = document.createElement('section');
    vp.className = 'toast-viewport';
    vp.tabIndex = -1;
    document.body.append(vp);
  }
  vp.setAttribute('aria-label', pageLabels().notifications);
  return vp;
}

export function dismissToast(): void {
  if (!current) return;
  window.clearTimeout(current.timer);
  current.el.remove();
  current = null;
}

export function showToast({ title, description, variant = 'default', duration = TOAST_DURATION_MS }: ToastOptions): HTMLElement {
  dismissToast();

  const el = document.createElement('div');
  el.className = `toast toast--${variant}`;
  // Errors interrupt (alert); everything else is announced politely (status).
  el.setAttribute('role', variant === 'destructive' ? 'alert' : 'status');
  el.setAttribute('aria-atomic', 'true');
  el.tabIndex = -1;

  const body = document.createElement('div');
  const titleEl = document.createElement('p');
  titleEl.className = 'toast-title';
  titleEl.textContent = title;
  body.append(titleEl);
  if (description) {
    const descEl = document.createElement('p');
    descEl.className = 'toast-description';
    descEl.textContent = description; // textContent: server text is never parsed as HTML
    body.append(descEl);
  }

  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.setAttribute('aria-label', pageLabels().dismiss);
  close.innerHTML =
    '<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12"/></svg>';
  close.addEventListener('click', dismissToast);

  el.append(body, close);
  viewport().append(el);

  const timer = window.setTimeout(() => {
    if (current?.el === el) dismissToast();
  }, duration);
  current = { el, timer };
  return el;
}

// Keyboard users: F8 jumps to the visible toast, Escape inside it dismisses it.
document.addEventListener('keydown', (event) => {
  if (event.key === 'F8' && current) {
    event.preventDefault();
    current.el.focus();
  } else if (event.key === 'Escape' && current && current.el.contains(document.activeElement)) {
    dismissToast();
  }
});

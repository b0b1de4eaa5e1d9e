// Where focus goes when a dialog shows other fields in place of the ones focus was in (the campaign
// wizard's next step): the field marked data-autofocus, as Mantine's dialogs choose on opening, else the
// first one Tab reaches there. Left on a button that was replaced or disabled, focus would drop to the page.
const CANDIDATES = 'input:not([type="hidden"]), select, textarea, button, a[href], [tabindex]';

/** Whether Tab stops at `element`: enabled, not taken out of the order, and of a radio group only its checked radio (if any). */
function isTabStop(element: HTMLElement, container: HTMLElement): boolean {
  if (element.matches(':disabled') || element.tabIndex < 0 || element.closest('[hidden], [aria-hidden="true"]')) return false;
  if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || element.checked || !element.name) return true;
  const radios = Array.from(container.querySelectorAll<HTMLInputElement>('input[type="radio"]'));
  return !radios.some((radio) => radio.name === element.name && radio.checked);
}

export function focusFirstField(container: HTMLElement): void {
  const marked = container.querySelector<HTMLElement>('[data-autofocus]');
  const first = marked ?? Array.from(container.querySelectorAll<HTMLElement>(CANDIDATES)).find((element) => isTabStop(element, container));
  first?.focus({ preventScroll: true });
}

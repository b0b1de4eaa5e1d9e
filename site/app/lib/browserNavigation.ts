// Full page loads (leaving the React app): sign-in, two-factor and sign-out.
// Kept in one module so unit tests can replace it (jsdom cannot navigate).

/** Loads another page, adding a history entry. */
export function assignLocation(url: string): void {
  window.location.assign(url);
}

/** Loads another page in place of the current history entry. */
export function replaceLocation(url: string): void {
  window.location.replace(url);
}

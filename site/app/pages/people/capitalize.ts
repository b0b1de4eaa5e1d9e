// Words for the screen.

/** "medior" → "Medior". */
export function capitalize(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

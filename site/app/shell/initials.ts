/** The avatar's letters: the first letter of the first two words ("Sam de Vries" → "SD"). */
export function initials(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((part) => part[0].toUpperCase()).join('');
}

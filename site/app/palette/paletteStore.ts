// Open state, query and highlight of the command palette, in a Mantine
// Spotlight store (Spotlight.Root reads `opened` from it and closes it on
// Escape or an overlay click). We write the fields ourselves: Spotlight's own
// actions wrap around at the ends and open with no highlight, while the spec
// (§4) wants a clamped highlight that starts on the first result.
import { createSpotlight, useSpotlight } from '@mantine/spotlight';
import { clampHighlight } from './paletteLogic.ts';

export const [paletteStore] = createSpotlight();

export interface PaletteState {
  opened: boolean;
  query: string;
  /** Index of the highlighted result (0 = first). */
  highlight: number;
}

type StoreState = ReturnType<typeof paletteStore.getState>;

function update(change: (state: StoreState) => Partial<StoreState>): void {
  // setState notifies subscribers; updateState would change the state silently.
  const state = paletteStore.getState();
  paletteStore.setState({ ...state, ...change(state) });
}

/** Opening clears the query and highlights the first result (spec §4). */
export function openCommandPalette(): void {
  update(() => ({ opened: true, query: '', selected: 0 }));
}

export function closeCommandPalette(): void {
  update(() => ({ opened: false }));
}

export function toggleCommandPalette(): void {
  if (paletteStore.getState().opened) closeCommandPalette();
  else openCommandPalette();
}

/** A new query starts again at the first result. */
export function setPaletteQuery(query: string): void {
  update(() => ({ query, selected: 0 }));
}

/** Down (+1) or Up (-1) through `count` results, clamped at the ends (spec §4). */
export function moveHighlight(delta: number, count: number): void {
  update((state) => ({ selected: clampHighlight(state.selected, delta, count) }));
}

export function setHighlight(index: number): void {
  update(() => ({ selected: index }));
}

/** After choosing a result: closed, query cleared (spec §4). */
export function resetCommandPalette(): void {
  update(() => ({ opened: false, query: '', selected: 0 }));
}

export function getPaletteState(): PaletteState {
  const { opened, query, selected } = paletteStore.getState();
  return { opened, query, highlight: Math.max(selected, 0) };
}

export function usePaletteState(): PaletteState {
  const { opened, query, selected } = useSpotlight(paletteStore);
  return { opened, query, highlight: Math.max(selected, 0) };
}

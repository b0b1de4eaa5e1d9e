// The Cmd/Ctrl+K search palette.
import type { Resources } from '../en.ts';

export const palette: Resources['palette'] = {};

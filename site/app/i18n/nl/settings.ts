// /app/settings: its tabs.
import type { Resources } from '../en.ts';

export const settings: Resources['settings'] = {};

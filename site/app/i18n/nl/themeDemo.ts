// /app/theme-demo.
import type { Resources } from '../en.ts';

export const themeDemo: Resources['themeDemo'] = {};

// The compose, reply and campaign (wizard) dialogs.
import type { Resources } from '../en.ts';

export const panels: Resources['panels'] = {};

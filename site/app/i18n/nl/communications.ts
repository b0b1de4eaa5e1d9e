// /app/communications: campaigns, inbox, threads, campaign results.
import type { Resources } from '../en.ts';

export const communications: Resources['communications'] = {};

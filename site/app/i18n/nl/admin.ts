// /app/admin: the admin portal.
import type { Resources } from '../en.ts';

export const admin: Resources['admin'] = {};

// Small shared page parts: not found, placeholders, page headers.
import type { Resources } from '../en.ts';

export const pages: Resources['pages'] = {};

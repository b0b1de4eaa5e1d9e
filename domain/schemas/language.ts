// The two languages Talentloop writes in (drafts, campaigns, the candidate's mail),
// shared by the concepts that choose one.
import { z } from 'zod';
import { msg } from '../i18n/codes.ts';

export const LANGUAGES = ['english', 'dutch'] as const;
export const languageSchema = z.enum(LANGUAGES, { error: msg('validation.language') });
export type Language = z.infer<typeof languageSchema>;

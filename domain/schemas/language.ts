// The two languages Talentloop writes in (drafts, campaigns, the candidate's mail),
// shared by the concepts that choose one.
import { z } from 'zod';

export const languageSchema = z.enum(['english', 'dutch'], { error: 'language must be english or dutch' });
export type Language = z.infer<typeof languageSchema>;

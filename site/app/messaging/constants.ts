// Business constants of spec §9 that the messaging screens use.
import type { Language } from '#domain/schemas/language.ts';
import { POOL_REACH_NAMES } from '#domain/talent-pools/schemas.ts';

/** GET /api/candidates?limit= (compose dialog). */
export const CANDIDATE_LIST_LIMIT = 10_000;
/** Compose aborts an AI generation after this long (spec §7, §9). */
export const AI_GENERATION_TIMEOUT_MS = 60_000;
/** The pool preview names at most this many recipients (the reach answer's names), then "+ N more". */
export const POOL_PREVIEW_LIMIT = POOL_REACH_NAMES;

/** Text-area heights (spec §9). */
export const COMPOSE_MESSAGE_ROWS = 8;
export const AI_PROMPT_ROWS = 3;
export const REPLY_ROWS = 8;
export const CAMPAIGN_CONTENT_ROWS = 6;

/** The AI draft's languages, in the order offered (labels: panels.draftLanguages). */
export const DRAFT_LANGUAGES = ['english', 'dutch'] as const satisfies readonly Language[];
export const COMPOSE_DEFAULT_LANGUAGE: Language = 'english';
export const WIZARD_DEFAULT_LANGUAGE: Language = 'dutch';

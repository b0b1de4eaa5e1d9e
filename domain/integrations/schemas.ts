// Settings → Integrations (/api/settings/integrations): the state of the AI provider,
// mail, Microsoft Graph (Outlook/Teams) and WhatsApp, and what a "Send a test" answers.
// Browser-safe. Nothing here ever carries a secret (keys, passwords, client secrets).
import { z } from 'zod';
import { codeParamsSchema, stateDetailSchema, timestamp } from '../schemas/answers.ts';
import { msg } from '../i18n/codes.ts';

export const INTEGRATION_KINDS = ['ai', 'mail', 'teams', 'whatsapp', 'signin'] as const;
export const integrationKindSchema = z.enum(INTEGRATION_KINDS, { error: msg('validation.choice', { field: 'kind', choices: 'ai, mail, teams, whatsapp or signin' }) });
export type IntegrationKind = z.infer<typeof integrationKindSchema>;

/** POST /api/settings/integrations/:kind/test */
export const integrationKindParamSchema = z.strictObject({ kind: integrationKindSchema });

export const integrationStateSchema = z.object({
  kind: integrationKindSchema,
  /** "AI provider", "Mail", "Microsoft Teams and Outlook", "WhatsApp", "Sign-in" (the catalogue's states.integrations.names.<kind>). */
  name: z.string(),
  /** The state as a key of the catalogue's states: states.<code>.mode and .summary are `mode` and `summary` (decision 032). */
  code: z.string().optional(),
  /** configured: a real service; fallback: the offline stand-in (built-in drafter, dev outbox); off: nothing. */
  status: z.enum(['configured', 'fallback', 'off']),
  /** What does the work: "OpenAI-compatible API", "SMTP", "Dev outbox", ... */
  mode: z.string(),
  /** One plain sentence about what that means. */
  summary: z.string(),
  /** Where it goes (host, model, mailbox); never a secret. */
  details: z.array(stateDetailSchema),
  /** Whether "Send a test" can do anything; when not, `notTestable` says why. */
  testable: z.boolean(),
  notTestable: z.string().nullable(),
  /** `notTestable` as a code (errors.<code>, decision 032). */
  notTestableCode: z.string().nullable().optional(),
});
export type IntegrationState = z.infer<typeof integrationStateSchema>;

export const MAILBOX_STATES = ['syncing', 'error', 'not_connected'] as const;

/**
 * A recruiter's own mailbox (decision 039) and how reading it goes (decision 040). syncing: its last read
 * succeeded; error: its last read failed, or Graph refused it (reading or sending); not_connected: nothing reads
 * it (Microsoft Graph not configured) or it was never read.
 */
export const mailboxStateSchema = z.object({
  email: z.string(),
  /** Whose mailbox; null when that user was deleted. */
  userId: z.string().nullable(),
  state: z.enum(MAILBOX_STATES),
  /** The end of its last successful read. */
  lastSyncAt: timestamp.nullable(),
  /** Why it is in error or not connected, in English; null when syncing. */
  error: z.string().nullable(),
  /** `error` as a code (errors.<code>, decision 032: `mailbox.refused`, `mailbox.send_refused`, …) and its params (Graph's words are its `detail`). */
  errorCode: z.string().nullable(),
  errorParams: codeParamsSchema.nullable(),
});
export type MailboxState = z.infer<typeof mailboxStateSchema>;

/** POST /api/settings/integrations/mailboxes/:userId/sync */
export const mailboxUserParamSchema = z.strictObject({ userId: z.uuid({ error: msg('validation.user_id', { field: 'userId' }) }) });

/** POST /api/settings/integrations/mailboxes/:userId/sync (202): the mailboxes whose read was queued. */
export const mailboxSyncQueuedSchema = z.object({ queued: z.array(z.string()) });

/** GET /api/settings/integrations */
export const integrationsSchema = z.object({
  integrations: z.array(integrationStateSchema),
  /** The recruiters' own mailboxes (decision 040): a recruiter sees their own, an admin all; by email. */
  mailboxes: z.array(mailboxStateSchema),
  /** Tests are for admins (decision 023); recruiters see the state. */
  canSendTests: z.boolean(),
});
export type Integrations = z.infer<typeof integrationsSchema>;

/** POST /api/settings/integrations/:kind/test: a provider's refusal is a result (ok: false), not an API error. */
export const integrationTestResultSchema = z.object({
  kind: integrationKindSchema,
  ok: z.boolean(),
  /** Success, or the provider's error in plain words ("The SMTP server refused the login: 535 …"). */
  message: z.string(),
  /** `message` as a key of the catalogue's states (integrationTests.<code>) and its params: the provider's own words are a param. */
  code: z.string().optional(),
  params: codeParamsSchema.optional(),
  durationMs: z.number().int().nonnegative(),
  testedAt: timestamp,
});
export type IntegrationTestResult = z.infer<typeof integrationTestResultSchema>;

// Settings → Integrations (/api/settings/integrations): the state of the AI provider,
// mail, Microsoft Graph (Outlook/Teams) and WhatsApp, and what a "Send a test" answers.
// Browser-safe. Nothing here ever carries a secret (keys, passwords, client secrets).
import { z } from 'zod';
import { timestamp } from '../schemas/answers.ts';

export const INTEGRATION_KINDS = ['ai', 'mail', 'teams', 'whatsapp'] as const;
export const integrationKindSchema = z.enum(INTEGRATION_KINDS, { error: 'kind must be ai, mail, teams or whatsapp' });
export type IntegrationKind = z.infer<typeof integrationKindSchema>;

/** POST /api/settings/integrations/:kind/test */
export const integrationKindParamSchema = z.strictObject({ kind: integrationKindSchema });

export const integrationStateSchema = z.object({
  kind: integrationKindSchema,
  /** "AI provider", "Mail", "Microsoft Teams and Outlook", "WhatsApp" */
  name: z.string(),
  /** configured: a real service; fallback: the offline stand-in (built-in drafter, dev outbox); off: nothing. */
  status: z.enum(['configured', 'fallback', 'off']),
  /** What does the work: "OpenAI-compatible API", "SMTP", "Dev outbox", ... */
  mode: z.string(),
  /** One plain sentence about what that means. */
  summary: z.string(),
  /** Where it goes (host, model, mailbox); never a secret. */
  details: z.array(z.object({ label: z.string(), value: z.string() })),
  /** Whether "Send a test" can do anything; when not, `notTestable` says why. */
  testable: z.boolean(),
  notTestable: z.string().nullable(),
});
export type IntegrationState = z.infer<typeof integrationStateSchema>;

/** GET /api/settings/integrations */
export const integrationsSchema = z.object({
  integrations: z.array(integrationStateSchema),
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
  durationMs: z.number().int().nonnegative(),
  testedAt: timestamp,
});
export type IntegrationTestResult = z.infer<typeof integrationTestResultSchema>;

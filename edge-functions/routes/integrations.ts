// Settings → Integrations, mounted at /api/settings/integrations: every signed-in user sees
// how the AI provider, mail, Microsoft Graph and WhatsApp are set up; admins send a test through
// each (decision 023), at most one per kind every 10 s. The recruiters' own mailboxes (decision 040):
// a recruiter sees and syncs their own, an admin any.
import { Hono, type Context } from 'hono';
import {
  integrationKindParamSchema, integrationsSchema, integrationTestResultSchema, mailboxSyncQueuedSchema, mailboxUserParamSchema, type IntegrationKind,
} from '#domain/integrations/schemas.ts';
import { integrationsState } from '#domain/integrations/state.server.ts';
import {
  IntegrationRateLimited, limitIntegrationTests, runIntegrationTest, testAi, testMail, testSignIn, testTeams, testWhatsApp,
} from '#domain/integrations/checks.server.ts';
import { createWhatsAppPort } from '#domain/whatsapp/cloud-api.server.ts';
import { loadWhatsAppConfig } from '#domain/whatsapp/config.server.ts';
import { whatsappState } from '#domain/whatsapp/channel.server.ts';
import { stateWithTexts } from '#domain/whatsapp/template-texts.ts';
import { organisationSettings } from '#domain/settings/organisation.server.ts';
import { profileSettings } from '#domain/settings/profile.server.ts';
import { listMailboxes } from '#domain/integrations/mailboxes.server.ts';
import { readyToSyncNow } from '#domain/mail/mailboxes.server.ts';
import { graphConfigured } from '#platform/mail/graph.server.ts';
import { mailSyncJob, QUEUES } from '#platform/runtime/jobs.server.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireAdmin, requireUser } from '../guards.ts';
import { HttpError } from '../http.ts';
import { say, type StateSaid } from '#domain/i18n/codes.ts';
import { isErrorCode } from '#domain/i18n/english.ts';
import { doc, pathParams, reply } from '../contract.ts';

/** "Sync now" queues one read per mailbox and second: a double click reads once, a click after a failed read again. */
const SYNC_NOW_SLOT_SECONDS = 1;

const TEST_NAMES: Record<IntegrationKind, string> = { ai: 'AI', mail: 'mail', teams: 'Teams', whatsapp: 'WhatsApp', signin: 'sign-in' };

/** The test's own work, with what it needs from the request. */
function testOf(c: Context<AppEnv>, kind: IntegrationKind): () => Promise<StateSaid> {
  const { config, calendar, pools } = c.var.deps;
  switch (kind) {
    case 'ai': return () => testAi(config.openai);
    case 'signin': return () => testSignIn(config.supabase);
    case 'whatsapp': return () => testWhatsApp(createWhatsAppPort());
    case 'teams': return async () => testTeams(calendar, (await asUser(c, (tx) => profileSettings(tx, c.var.user.id))).email);
    case 'mail': return async () => {
      const { me, organisation } = await asUser(c, async (tx) => ({
        me: await profileSettings(tx, c.var.user.id), organisation: await organisationSettings(tx),
      }));
      return testMail({ config, app: pools.app, to: { name: me.displayName, address: me.email }, organisation });
    };
  }
}

/** Whether the kind can be tested at all (what the tab shows); checked before the rate limit, so a refusal costs nothing. */
function assertTestable(c: Context<AppEnv>, kind: IntegrationKind) {
  const { config, calendar } = c.var.deps;
  const state = integrationsState(config, Boolean(calendar), whatsappState(loadWhatsAppConfig())).find((integration) => integration.kind === kind)!;
  if (!state.testable) {
    throw new HttpError(409, state.notTestableCode && isErrorCode(state.notTestableCode) ? { code: state.notTestableCode }
      : say('integration_not_configured', { name: state.name }), { field: 'kind' });
  }
}

export const integrationRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  .get('/', doc({ summary: 'How the AI provider, mail, Microsoft Teams/Outlook, WhatsApp and sign-in are set up (never a secret)', tag: 'settings',
    response: integrationsSchema }), async (c) => {
    const { config, calendar } = c.var.deps;
    const user = c.var.user;
    const whatsapp = loadWhatsAppConfig();
    return reply(c, integrationsSchema, {
      integrations: integrationsState(config, Boolean(calendar), await stateWithTexts(whatsappState(whatsapp), whatsapp, createWhatsAppPort(() => whatsapp))),
      canSendTests: user.role === 'admin' && user.twoFactorEnabled,
      mailboxes: await asUser(c, (tx) => listMailboxes(tx, graphConfigured(config.graph))),
    });
  })

  /** "Sync now": the user's mailbox is read at once (the back-off after a failure lifted), not after MS_MAIL_SYNC_SECONDS. */
  .post('/mailboxes/:userId/sync', doc({ summary: "Sync now: read a recruiter's own mailbox at once (a recruiter their own, an admin anyone's)",
    tag: 'settings', response: mailboxSyncQueuedSchema, status: 202 }), pathParams(mailboxUserParamSchema), async (c) => {
    const { userId } = c.req.valid('param');
    const { config, jobs, pools } = c.var.deps;
    if (c.var.user.role !== 'admin' && userId !== c.var.user.id) {
      throw new HttpError(403, say('mailbox_not_yours', { field: 'userId' }), { field: 'userId' });
    }
    if (!graphConfigured(config.graph)) throw new HttpError(409, 'mailbox_sync_not_configured', { field: null });
    // Read as the user: row-level security lists only the mailboxes they may see.
    const mailboxes = await asUser(c, (tx) => listMailboxes(tx, true, userId));
    if (!mailboxes.length) throw new HttpError(404, say('mailbox_not_found', { field: 'userId' }), { field: 'userId' });
    await readyToSyncNow(pools.app, mailboxes);
    const now = new Date();
    await jobs?.send(QUEUES.mailSync, mailboxes.map((mailbox) => mailSyncJob(mailbox.email, now, SYNC_NOW_SLOT_SECONDS, 'now')));
    return reply(c, mailboxSyncQueuedSchema, { queued: mailboxes.map((mailbox) => mailbox.email) }, 202);
  })

  /** A provider's refusal is a 200 with ok: false and its words; not configured is a 409, too soon a 429. */
  .post('/:kind/test', doc({ summary: 'Send a test through an integration (admins): a chat completion, a mail to me, a read of my calendar, a read of the WhatsApp number, Supabase Auth\'s health',
    tag: 'settings', access: 'admin', response: integrationTestResultSchema }), requireAdmin, pathParams(integrationKindParamSchema), async (c) => {
    const { kind } = c.req.valid('param');
    assertTestable(c, kind);
    try {
      await limitIntegrationTests(c.var.deps.pools.owner, c.var.user.id, kind);
    } catch (error) {
      if (!(error instanceof IntegrationRateLimited)) throw error;
      throw new HttpError(429, say('integration_test_wait', { seconds: error.retryAfterSeconds, name: TEST_NAMES[kind] }), {
        extra: { retryAfter: error.retryAfterSeconds },
      });
    }
    return reply(c, integrationTestResultSchema, await runIntegrationTest(kind, testOf(c, kind)));
  });

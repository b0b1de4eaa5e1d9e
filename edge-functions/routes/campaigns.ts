// Campaigns: create (compose pool send or wizard), list with counts, one with progress.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { createCampaign, getCampaign, listCampaigns } from '#domain/campaigns/campaigns.server.ts';
import { controlCampaign } from '#domain/campaigns/control.server.ts';
import { campaignRecipients } from '#domain/campaigns/results.server.ts';
import { removeRecipient } from '#domain/campaigns/sequences.server.ts';
import {
  campaignControlSchema, campaignDetailSchema, campaignListSchema, campaignRecipientListSchema, createdCampaignSchema, newCampaignSchema,
  recipientQuerySchema, removedRecipientSchema, type CampaignAction,
} from '#domain/campaigns/schemas.ts';
import { isId } from '#domain/schemas/ids.ts';
import { enqueueQuietly, queuedMailJobs, QUEUES } from '#platform/runtime/jobs.server.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { HttpError } from '../http.ts';
import { body, doc, idParam, pathParams, query, reply } from '../contract.ts';

const pathId = (field: string) => z.string().regex(/^[0-9]+$/, `${field} must be a positive whole number`).transform(Number)
  .refine(isId, `${field} must be a positive whole number`);
const recipientParams = z.object({ id: pathId('id'), candidateId: pathId('candidateId') });

/** Pause, resume or cancel; then what the change needs queued (a dispatch, or the paused messages' delivery). */
async function control(c: Context<AppEnv>, id: number, action: CampaignAction) {
  const followUp = await asUser(c, (tx) => controlCampaign(tx, id, action));
  if (followUp.kind === 'dispatch') {
    await enqueueQuietly(c.var.deps.jobs, QUEUES.campaignDispatch, [{ data: { campaignId: id }, startAfter: followUp.scheduledAt }]);
  } else if (followUp.kind === 'deliver') {
    // New jobs per resume, 50 messages each (the jobs of the paused run completed without sending).
    await enqueueQuietly(c.var.deps.jobs, QUEUES.mailSend, queuedMailJobs(followUp.messages, `resume:${followUp.resumedAt}`));
    // Steps that fell due while it was paused are written now rather than at the next minute.
    await enqueueQuietly(c.var.deps.jobs, QUEUES.campaignSteps, [{ data: {} }]);
  }
  return { success: true as const, campaign: (await asUser(c, (tx) => getCampaign(tx, id)))! };
}

export const campaignRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  .get('/', doc({ summary: 'Campaigns, newest first, with recipients counted by status', response: campaignListSchema }), async (c) => {
    return reply(c, campaignListSchema, { campaigns: await asUser(c, listCampaigns) });
  })

  .get('/:id', doc({ summary: 'A campaign with its texts and progress', response: campaignDetailSchema }), idParam(), async (c) => {
    const campaign = await asUser(c, (tx) => getCampaign(tx, c.req.valid('param').id));
    if (!campaign) throw new HttpError(404, 'campaign_not_found', { field: 'id' });
    return reply(c, campaignDetailSchema, campaign);
  })

  .get('/:id/recipients', doc({ summary: 'A campaign\'s recipients with what each did, 100 per page by candidate id',
    response: campaignRecipientListSchema }), idParam(), query(recipientQuerySchema), async (c) => {
    const { id } = c.req.valid('param');
    const page = await asUser(c, async (tx) => {
      const found = await tx.query('select 1 from public.campaigns where id = $1', [id]);
      return found.rowCount ? campaignRecipients(tx, id, c.req.valid('query')) : null;
    });
    if (!page) throw new HttpError(404, 'campaign_not_found', { field: 'id' });
    return reply(c, campaignRecipientListSchema, page);
  })

  .post('/:id/recipients/:candidateId/remove', doc({ summary: 'Take one recipient out of the sequence (exit "manual"): '
    + 'no later step is written and their queued messages are stopped; 409 if they already left or the campaign is not running',
  response: removedRecipientSchema }), pathParams(recipientParams), async (c) => {
    const { id, candidateId } = c.req.valid('param');
    const page = await asUser(c, async (tx) => {
      await removeRecipient(tx, id, candidateId);
      return campaignRecipients(tx, id, { candidateId });
    });
    return reply(c, removedRecipientSchema, { success: true, recipient: page.recipients[0] });
  })

  .post('/:id/pause', doc({ summary: 'Pause a scheduled or sending campaign (its queued messages wait); 409 otherwise',
    response: campaignControlSchema }), idParam(), async (c) => {
    return reply(c, campaignControlSchema, await control(c, c.req.valid('param').id, 'pause'));
  })

  .post('/:id/resume', doc({ summary: 'Resume a paused campaign: scheduled again if not dispatched yet, else sending; 409 otherwise',
    response: campaignControlSchema }), idParam(), async (c) => {
    return reply(c, campaignControlSchema, await control(c, c.req.valid('param').id, 'resume'));
  })

  .post('/:id/cancel', doc({ summary: 'Cancel a scheduled, sending or paused campaign: its unsent messages are never sent; 409 otherwise',
    response: campaignControlSchema }), idParam(), async (c) => {
    return reply(c, campaignControlSchema, await control(c, c.req.valid('param').id, 'cancel'));
  })

  .post('/', doc({ summary: 'Schedule a campaign to a talent pool (the wizard, or a compose dialog pool send)', response: createdCampaignSchema,
    status: 201 }),
  body(newCampaignSchema), async (c) => {
    const input = c.req.valid('json');
    const campaign = await asUser(c, (tx) => createCampaign(tx, input, c.var.user.id));
    // Due now: dispatched at once; later: the job waits until then (the sweep is the safety net).
    await enqueueQuietly(c.var.deps.jobs, QUEUES.campaignDispatch, [{ data: { campaignId: campaign.id }, startAfter: input.scheduledAt }]);
    return reply(c, createdCampaignSchema, { success: true, campaign }, 201);
  });

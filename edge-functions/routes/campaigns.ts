// Campaigns: create (compose pool send or wizard), list with counts, one with progress.
import { Hono } from 'hono';
import { createCampaign, getCampaign, listCampaigns } from '#domain/campaigns/campaigns.ts';
import { campaignDetailSchema, campaignListSchema, createdCampaignSchema, newCampaignSchema } from '#domain/campaigns/schemas.ts';
import { enqueueQuietly, QUEUES } from '#domain/runtime/jobs.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { HttpError } from '../http.ts';
import { body, doc, idParam, reply } from '../contract.ts';

export const campaignRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  .get('/', doc({ summary: 'Campaigns, newest first, with recipients counted by status', response: campaignListSchema }), async (c) => {
    return reply(c, campaignListSchema, { campaigns: await asUser(c, listCampaigns) });
  })

  .get('/:id', doc({ summary: 'A campaign with its texts and progress', response: campaignDetailSchema }), idParam(), async (c) => {
    const campaign = await asUser(c, (tx) => getCampaign(tx, c.req.valid('param').id));
    if (!campaign) throw new HttpError(404, 'Campaign not found', { field: 'id' });
    return reply(c, campaignDetailSchema, campaign);
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

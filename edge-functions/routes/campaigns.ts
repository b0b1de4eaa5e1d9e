// Campaigns: create (compose pool send or wizard), list with counts, one with progress.
import { Hono } from 'hono';
import { createCampaign, getCampaign, listCampaigns } from '#domain/campaigns/campaigns.ts';
import { newCampaignSchema } from '#domain/campaigns/schemas.ts';
import { enqueueQuietly, QUEUES } from '#domain/runtime/jobs.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { HttpError, parseBody, parseId } from '../http.ts';

export const campaignRoutes = new Hono<AppEnv>();
campaignRoutes.use('*', requireUser);

campaignRoutes.get('/', async (c) => c.json({ campaigns: await asUser(c, listCampaigns) }));

campaignRoutes.get('/:id', async (c) => {
  const id = parseId(c.req.param('id'));
  const campaign = await asUser(c, (tx) => getCampaign(tx, id));
  if (!campaign) throw new HttpError(404, 'Campaign not found', { field: 'id' });
  return c.json(campaign);
});

campaignRoutes.post('/', async (c) => {
  const input = await parseBody(c, newCampaignSchema);
  const campaign = await asUser(c, (tx) => createCampaign(tx, input, c.var.user.id));
  // Due now: dispatched at once; later: the job waits until then (the sweep is the safety net).
  await enqueueQuietly(c.var.deps.jobs, QUEUES.campaignDispatch, [{ data: { campaignId: campaign.id }, startAfter: input.scheduledAt }]);
  return c.json({ success: true, campaign }, 201);
});

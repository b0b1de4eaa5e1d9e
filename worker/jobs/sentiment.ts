// message-sentiment: with an AI provider configured, a reply's sentiment is
// asked of the model; the built-in classifier's label (set on arrival) stays
// when the provider fails. The model reads the stored content, which is only
// what the candidate wrote (no quoted history, no footer: domain/mail/reply-text.ts).
// Removal requests are never left to the model, and neither are auto-replies:
// an out-of-office keeps its 'other'.
import type { PgBoss } from 'pg-boss';
import { chat, providerConfigured } from '#domain/ai/provider.server.ts';
import type { Sentiment } from '#domain/ai/sentiment.ts';
import { asService } from '#platform/db/request.server.ts';
import { engagementScoreJob, enqueueQuietly, QUEUES } from '#platform/runtime/jobs.server.ts';
import type { Config } from '#platform/runtime/config.server.ts';
import { ensureQueue, type JobDeps } from './deps.ts';
import { logged } from './job-log.ts';

const LABELS: Sentiment[] = ['positive', 'negative', 'neutral', 'other'];

export async function aiSentiment(ai: Config['openai'], reply: string): Promise<Sentiment | null> {
  const { text } = await chat(ai, [
    {
      role: 'system',
      content: 'You label replies that candidates send to a recruiter. Answer with one word: positive (interested, agrees, wants to talk), ' +
        'negative (declines, not interested, annoyed, asks to stop), neutral (questions, maybe later, acknowledgements) or ' +
        'other (auto-replies, bounces, wrong person). The reply may be English or Dutch.',
    },
    { role: 'user', content: reply.slice(0, 4000) },
  ], { temperature: 0, maxTokens: 5 });
  return LABELS.find((label) => text.toLowerCase().includes(label)) ?? null;
}

export async function registerSentimentJobs(boss: PgBoss, deps: JobDeps) {
  await ensureQueue(boss, QUEUES.sentiment, { retryLimit: 2, retryDelay: 30 });
  await boss.work<{ messageId: number }>(QUEUES.sentiment, { batchSize: 10, pollingIntervalSeconds: 2 }, logged(QUEUES.sentiment, deps.logger, async (jobs) => {
    if (!providerConfigured(deps.config.openai)) return;
    for (const job of jobs) {
      const { rows } = await asService(deps.pools.app, (tx) => tx.query<{ content: string }>(
        `select content from public.messages where id = $1 and direction = 'in' and not auto_reply`, [job.data.messageId]));
      if (!rows[0]?.content.trim()) continue;
      const label = await aiSentiment(deps.config.openai, rows[0].content).catch((error: Error) => {
        deps.log(`message-sentiment: provider failed for message ${job.data.messageId}, keeping the built-in label: ${error.message}`);
        return null;
      });
      if (label) {
        await asService(deps.pools.app, (tx) => tx.query(
          'update public.messages set sentiment = $2 where id = $1 and not auto_reply', [job.data.messageId, label]));
        // A changed sentiment marked the candidate's score due (a trigger).
        await enqueueQuietly(deps.jobs, QUEUES.engagementScore, [engagementScoreJob()]);
      }
    }
  }));
}

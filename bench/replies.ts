// Reading candidates' replies: opt-out recall and false positives, review
// agreement, sentiment, auto-reply and return-date accuracy, overall and per
// language, on the tuning set (tuning*.json, written alongside the rules) and
// the held-out set (held-out-4.json, never tuned on), and how many of the
// reply-extraction fixtures come out exactly as the person wrote them.
import { loadReplies, measureExtraction, measureReplies, REPLY_SETS } from '#tests/support/reply-measure.ts';

export async function run() {
  const sets = Object.fromEntries<unknown>(Object.entries(REPLY_SETS).map(([name, files]) => {
    const set = loadReplies(files);
    if (!set) return [name, `missing: ${files.join(', ')}`] as const;
    const { missedOptOuts, falsePositives, wrongSentiment, ...figures } = measureReplies(set);
    return [name, { ...figures, missedOptOuts: missedOptOuts.length, wrongSentiment: wrongSentiment.length, falsePositives }] as const;
  }));
  const extraction = await measureExtraction();
  return { name: 'replies', ...sets, extraction: { fixtures: extraction.fixtures, exactMatches: extraction.exact, misses: extraction.misses } };
}

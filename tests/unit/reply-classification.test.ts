// Opt-out detection, sentiment and auto-reply labels on labelled replies.
// The tuning set is every tuning*.json file the rules were written with (earlier
// blind sets, once seen, included): on it the rules must find every request to
// stop and take nothing else for one. The blind held-out set (held-out-3.json,
// written by someone who never saw the rules) is measured by `npm run bench --
// replies`, not gated here: its targets (opt-out recall >= 95%, no false
// withdrawal, sentiment >= 85%) are not met yet, and a rule tuned until this file
// passes would make the figure meaningless. See the closing note of issue 7.
import { describe, expect, it } from 'vitest';
import { languageCode, loadReplies, measureReplies, REPLY_SETS } from '../support/reply-measure.ts';

const tuning = loadReplies(REPLY_SETS.tuning);

const summary = (figures: ReturnType<typeof measureReplies>) => {
  const { missedOptOuts: _m, falsePositives: _f, wrongSentiment: _w, ...numbers } = figures;
  return numbers;
};

it('has its tuning files', () => {
  expect(tuning, `missing one of ${REPLY_SETS.tuning.join(', ')}`).not.toBeNull();
});

describe.runIf(tuning)('the tuning set', () => {
  const set = tuning ?? [];
  const figures = measureReplies(set);

  it('has labelled replies in English, Dutch, German and French, with opt-outs and out-of-office replies in each', () => {
    console.log('tuning set', summary(figures));
    expect(set.length).toBeGreaterThanOrEqual(900);
    for (const language of ['en', 'nl', 'de', 'fr']) {
      expect(set.filter((item) => languageCode(item.language) === language && item.optOut === true).length, language).toBeGreaterThan(0);
      expect(set.filter((item) => languageCode(item.language) === language && item.autoReply).length, language).toBeGreaterThan(0);
    }
  });

  it('finds every request to stop, and takes nothing else for one', () => {
    expect(figures.missedOptOuts).toEqual([]);
    expect(figures.falsePositives).toEqual([]);
  });

  it('labels sentiment and auto-replies', () => {
    expect(figures.sentimentAccuracy).toBeGreaterThanOrEqual(0.95);
    expect(figures.autoReplyAccuracy).toBeGreaterThanOrEqual(0.98);
  });
});

// Opt-out detection, sentiment and auto-reply labels on labelled replies.
// The tuning set is every tuning*.json file the rules were written with (earlier
// blind sets, once seen, included): on it the rules must find every request to
// stop and take nothing else for one. The held-out set, held-out-4.json, was
// written by someone who never saw the rules, and was read only after they were
// frozen. A change to the rules must not make it worse; a new round of tuning
// turns it into a tuning file and needs a new blind set (see issue 7's note).
import { describe, expect, it } from 'vitest';
import { languageCode, loadReplies, measureReplies, REPLY_SETS } from '../support/reply-measure.ts';

const tuning = loadReplies(REPLY_SETS.tuning);
const heldOut = loadReplies(REPLY_SETS.heldOut);

const summary = (figures: ReturnType<typeof measureReplies>) => {
  const { missedOptOuts: _m, falsePositives: _f, wrongSentiment: _w, ...numbers } = figures;
  return numbers;
};

it('has its tuning files and its held-out file', () => {
  expect(tuning, `missing one of ${REPLY_SETS.tuning.join(', ')}`).not.toBeNull();
  expect(heldOut, `missing ${REPLY_SETS.heldOut.join(', ')}: the held-out figures cannot be measured`).not.toBeNull();
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

describe.runIf(heldOut)('the held-out set', () => {
  const set = heldOut ?? [];
  const figures = measureReplies(set);

  it('has at least 150 labelled replies', () => {
    console.log('held-out set', summary(figures));
    expect(set.length).toBeGreaterThanOrEqual(150);
  });

  it('never withdraws consent for a reply that does not ask to stop', () => {
    expect(figures.falsePositives).toEqual([]);
  });

  it('finds at least 95% of the requests to stop', () => {
    expect(figures.optOutRecall).toBeGreaterThanOrEqual(0.95);
  });

  it('labels at least 85% of the sentiments right', () => {
    expect(figures.sentimentAccuracy).toBeGreaterThanOrEqual(0.85);
  });
});

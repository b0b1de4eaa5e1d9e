// Built-in sentiment classifier: accuracy on the labelled English and Dutch
// replies (tests/fixtures/sentiment.json), overall and on the held-out part
// that was never tuned on, and the time per reply.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { classifySentiment, type Sentiment } from '#domain/ai/sentiment.ts';

interface Labelled { text: string; language: 'en' | 'nl'; label: Sentiment; split?: string }

export function run() {
  const set = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../tests/fixtures/sentiment.json'), 'utf8')) as Labelled[];
  const accuracy = (items: Labelled[]) =>
    Number((items.filter((item) => classifySentiment(item.text).sentiment === item.label).length / items.length).toFixed(3));

  for (let i = 0; i < 200; i++) for (const item of set) classifySentiment(item.text); // warm up the JIT
  const rounds = 300;
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const item of set) {
      const started = performance.now();
      classifySentiment(item.text);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  return {
    name: 'sentiment',
    replies: set.length,
    accuracy: {
      all: accuracy(set),
      english: accuracy(set.filter((item) => item.language === 'en')),
      dutch: accuracy(set.filter((item) => item.language === 'nl')),
      written_with_the_rules: accuracy(set.filter((item) => !item.split)),
      holdout_1_then_tuned_on: accuracy(set.filter((item) => item.split === 'holdout-1')),
      holdout_2_never_tuned_on: accuracy(set.filter((item) => item.split === 'holdout-2')),
    },
    per_reply_us: {
      mean: Number((mean * 1000).toFixed(1)),
      p50: Number((times[Math.floor(times.length * 0.5)] * 1000).toFixed(1)),
      p99: Number((times[Math.floor(times.length * 0.99)] * 1000).toFixed(1)),
    },
  };
}

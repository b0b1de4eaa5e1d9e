// Measuring the reply classifiers on labelled sets (tests/fixtures/replies/*.json):
// shared by tests/unit/reply-classification.test.ts and bench/replies.ts.
// The tuning set is every tuning*.json file: the files the rules were written
// with, earlier blind sets once seen (tuning-2.json, tuning-4.json) and examples
// per class of failure (tuning-6.json was held-out-3.json). The held-out set (held-out-4.json) was written by
// someone who never saw the rules, and no rule may change after reading it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { classifySentiment, type Sentiment, type SentimentResult } from '#domain/ai/sentiment.ts';
import { readReply } from '#domain/mail/reply-text.server.ts';

export interface LabelledReply {
  text: string;
  language: string;
  sentiment: Sentiment;
  /** true: withdraw consent; 'review': a recruiter should read it; false: not a request to stop. */
  optOut: boolean | 'review';
  autoReply?: boolean;
  /** YYYY-MM-DD: when an auto-reply says its sender is back (some sets label it). */
  returnDate?: string | null;
}

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const REPLIES = path.join(FIXTURES, 'replies');
export const REPLY_SETS = {
  tuning: readdirSync(REPLIES).filter((file) => /^tuning(?:-\d+)?\.json$/.test(file)).sort().map((file) => path.join(REPLIES, file)),
  heldOut: [path.join(REPLIES, 'held-out-4.json')],
};

/** The files' replies together; null when one of the files is missing. */
export function loadReplies(files: string[]): LabelledReply[] | null {
  if (!files.every((file) => existsSync(file))) return null;
  return files.flatMap((file) => JSON.parse(readFileSync(file, 'utf8')) as LabelledReply[]);
}

/** The sets write a language as 'en' or 'english'. */
export function languageCode(language: string): string {
  const code = language.trim().toLowerCase().slice(0, 2);
  return ({ du: 'nl', ne: 'nl', ge: 'de', ue: 'de' } as Record<string, string>)[code] ?? code;
}

// Dates in the sets ("back on 14 December") are read as of this day.
const RECEIVED = new Date('2026-12-01T09:00:00Z');

export interface ReplyFigures {
  replies: number;
  optOutRequests: number;
  optOutRecall: number;
  /** Replies not labelled as a request to stop (false or 'review') that would withdraw consent. */
  optOutFalsePositives: number;
  /** Of the replies labelled 'review', how many are flagged for review (none of them withdraws consent then). */
  reviewFlagged: string;
  sentimentAccuracy: number;
  autoReplyAccuracy: number;
  /** Of the replies labelled with a return date (or null), how many get exactly that date. */
  returnDates: string;
  missedOptOuts: string[];
  falsePositives: string[];
  wrongSentiment: Array<{ text: string; expected: Sentiment; got: Sentiment }>;
  /** Opt-out recall, false positives, review agreement and sentiment accuracy for each language. */
  byLanguage: Record<string, { replies: number; optOutRecall: string; optOutFalsePositives: number; reviewFlagged: string; sentimentAccuracy: string; autoReplyAccuracy: string }>;
}

const ratio = (hit: number, all: number) => (all ? Number((hit / all).toFixed(3)) : 1);

export function measureReplies(set: LabelledReply[]): ReplyFigures {
  const results: Array<[LabelledReply, SentimentResult]> = set.map((item) => [item, classifySentiment(item.text, { receivedAt: RECEIVED })]);
  const requests = results.filter(([item]) => item.optOut === true);
  const reviews = results.filter(([item]) => item.optOut === 'review');
  const falsePositives = results.filter(([item, r]) => item.optOut !== true && r.optOut === 'yes');
  const missed = requests.filter(([, r]) => r.optOut !== 'yes');
  const wrong = results.filter(([item, r]) => r.sentiment !== item.sentiment);
  const dated = results.filter(([item]) => item.returnDate !== undefined);
  const count = (rows: typeof results, test: (item: LabelledReply, r: SentimentResult) => boolean) => rows.filter(([item, r]) => test(item, r)).length;
  const byLanguage: ReplyFigures['byLanguage'] = {};
  for (const language of [...new Set(set.map((item) => languageCode(item.language)))].sort()) {
    const rows = results.filter(([item]) => languageCode(item.language) === language);
    const asked = rows.filter(([item]) => item.optOut === true);
    const toReview = rows.filter(([item]) => item.optOut === 'review');
    byLanguage[language] = {
      replies: rows.length,
      optOutRecall: `${count(asked, (_, r) => r.optOut === 'yes')}/${asked.length}`,
      optOutFalsePositives: count(rows, (item, r) => item.optOut !== true && r.optOut === 'yes'),
      reviewFlagged: `${count(toReview, (_, r) => r.optOut === 'review')}/${toReview.length}`,
      sentimentAccuracy: `${count(rows, (item, r) => item.sentiment === r.sentiment)}/${rows.length}`,
      autoReplyAccuracy: `${count(rows, (item, r) => Boolean(item.autoReply) === r.autoReply)}/${rows.length}`,
    };
  }
  return {
    replies: set.length,
    optOutRequests: requests.length,
    optOutRecall: ratio(requests.length - missed.length, requests.length),
    optOutFalsePositives: falsePositives.length,
    reviewFlagged: `${reviews.filter(([, r]) => r.optOut === 'review').length}/${reviews.length}`,
    sentimentAccuracy: ratio(set.length - wrong.length, set.length),
    autoReplyAccuracy: ratio(results.filter(([item, r]) => r.autoReply === Boolean(item.autoReply)).length, set.length),
    returnDates: `${count(dated, (item, r) => (item.returnDate ?? null) === r.autoReplyUntil)}/${dated.length}`,
    missedOptOuts: missed.map(([item]) => item.text),
    falsePositives: falsePositives.map(([item]) => item.text),
    wrongSentiment: wrong.map(([item, r]) => ({ text: item.text, expected: item.sentiment, got: r.sentiment })),
    byLanguage,
  };
}

const EXTRACTION = path.join(FIXTURES, 'reply-extraction');

/** The reply-extraction fixtures that come out exactly as expected, and the names of those that do not. */
export async function measureExtraction(): Promise<{ fixtures: number; exact: number; misses: string[] }> {
  const names = readdirSync(EXTRACTION).filter((file) => file.endsWith('.eml')).map((file) => file.slice(0, -4)).sort();
  const misses: string[] = [];
  for (const name of names) {
    const parsed = await simpleParser(readFileSync(path.join(EXTRACTION, `${name}.eml`)), { skipHtmlToText: true, skipImageLinks: true });
    const expected = readFileSync(path.join(EXTRACTION, `${name}.txt`), 'utf8').replace(/\n$/, '');
    if (readReply({ text: parsed.text, html: parsed.html }).visible !== expected) misses.push(name);
  }
  return { fixtures: names.length, exact: names.length - misses.length, misses };
}

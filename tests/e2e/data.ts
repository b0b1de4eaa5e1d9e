// Data a spec makes for itself through the real API, as the signed-in page
// (its cookies; writes carry our Origin like the browser's). Specs do not lean
// on the demo data's ids, names, counts or consent rules; names and addresses
// are unique, since every spec of a run shares one server.
import { expect, type Page } from '@playwright/test';
import { budget } from '../support/time-scale.ts';

let sequence = 0;
export function uniqueTag(): string {
  return `${Date.now().toString(36)}${(++sequence).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * A capitalised word of ten random letters: for names that a search must find and nothing else
 * matches (random from the first letter, so two such words share no prefix for typo tolerance to join).
 */
export function uniqueWord(): string {
  const letters = Array.from({ length: 10 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');
  return letters[0].toUpperCase() + letters.slice(1);
}

async function write(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data, headers: { origin: new URL(page.url()).origin } });
  if (!response.ok()) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

export interface CreatedCandidate { id: number; name: string; email: string | null }

/** A candidate who consented to email (the API's default) with a unique name and address, unless `fields` say otherwise. */
export async function newCandidate(page: Page, fields: Record<string, unknown> = {}): Promise<CreatedCandidate> {
  const tag = uniqueTag();
  return await write(page, '/api/candidates', { name: `Test Person ${tag}`, email: `person-${tag}@example.org`, ...fields }) as CreatedCandidate;
}

/** `count` candidates at once; `fields(i)` gives the i-th (from 1) its own fields. */
export function newCandidates(page: Page, count: number, fields: (i: number) => Record<string, unknown> = () => ({})): Promise<CreatedCandidate[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => newCandidate(page, fields(i + 1))));
}

export interface CreatedPool { id: number; name: string; candidateCount: number }

/** A talent pool with a unique name and these members. */
export async function newPool(page: Page, candidateIds: number[] = [], name = `Test pool ${uniqueTag()}`): Promise<CreatedPool> {
  const pool = await write(page, '/api/talent-pools', { name }) as { id: number; name: string };
  if (candidateIds.length) await write(page, `/api/talent-pools/${pool.id}/members`, { candidateIds });
  return { id: pool.id, name: pool.name, candidateCount: candidateIds.length };
}

const origin = (page: Page) => ({ origin: new URL(page.url()).origin });

/** Mails a new candidate through the API, waits for the worker to deliver it to the dev outbox, and answers it as the candidate. */
export async function candidateReplies(page: Page, subject: string, text: string): Promise<number> {
  const person = await newCandidate(page, { name: `Inbox Reply ${uniqueTag()}` });
  const sent = await page.request.post(`/api/candidates/${person.id}/messages`, {
    data: { subject, content: 'Hi {{firstName}}, shall we talk about a new role?', channel: 'email' }, headers: origin(page),
  });
  expect(sent.status()).toBe(201);
  const messageId: number = (await sent.json()).message.id;
  let outboxId = 0;
  await expect(async () => {
    const outbox = await (await page.request.get('/api/outbox')).json();
    outboxId = outbox.emails.find((e: { messageId: number }) => e.messageId === messageId)?.id ?? 0;
    expect(outboxId).toBeGreaterThan(0);
  }).toPass({ timeout: budget(20_000) });
  const replied = await page.request.post(`/api/outbox/${outboxId}/reply`, { data: { content: text }, headers: origin(page) });
  expect(replied.status()).toBe(201);
  return messageId;
}

// Data a test makes for itself through the real API, so that no test leans on
// the demo data's ids, names, counts or consent rules (the template database
// still holds the demo users and data; tests only use the users).
import type { TestClient } from './harness.ts';

let sequence = 0;
/** Unique within the run: for names and addresses that must not meet another test's. */
export function uniqueTag(): string {
  return `${Date.now().toString(36)}${(++sequence).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export interface CreatedCandidate {
  id: number;
  name: string;
  email: string | null;
  allowsEmail: boolean;
  allowsWhatsapp: boolean;
  talentPoolIds: number[];
  [field: string]: unknown;
}

/**
 * POST /api/candidates: by default a person with a unique address who consented to email
 * (the API's default); `fields` may say otherwise, e.g. `{ allowsEmail: false }` or `{ email: null }`.
 */
export async function newCandidate(client: TestClient, fields: Record<string, unknown> = {}): Promise<CreatedCandidate> {
  const tag = uniqueTag();
  const created = await client.post('/api/candidates', { name: `Test Person ${tag}`, email: `person-${tag}@example.org`, ...fields });
  if (created.status !== 201) throw new Error(`creating a candidate failed: ${created.status} ${created.text}`);
  return created.json as CreatedCandidate;
}

/** Who can be reached how: fields for newCandidate. */
export const CONSENT = {
  /** Can be emailed (the default), not messaged on WhatsApp. */
  email: {},
  noEmailConsent: { allowsEmail: false },
  noAddress: { email: null },
  whatsapp: { whatsappNumber: '+31 6 12345678', allowsWhatsapp: true },
  /** Has a WhatsApp number but did not consent to WhatsApp. */
  noWhatsappConsent: { whatsappNumber: '+31 6 12345678', allowsWhatsapp: false },
} as const;

/** POST /api/talent-pools with a unique name, then the members. */
export async function newPool(client: TestClient, candidateIds: number[] = [], name = `Test pool ${uniqueTag()}`): Promise<{ id: number; name: string }> {
  const created = await client.post('/api/talent-pools', { name });
  if (created.status !== 201) throw new Error(`creating a talent pool failed: ${created.status} ${created.text}`);
  const pool = created.json as { id: number; name: string };
  if (candidateIds.length) {
    const added = await client.post(`/api/talent-pools/${pool.id}/members`, { candidateIds });
    if (added.status !== 200) throw new Error(`adding pool members failed: ${added.status} ${added.text}`);
  }
  return { id: pool.id, name: pool.name };
}

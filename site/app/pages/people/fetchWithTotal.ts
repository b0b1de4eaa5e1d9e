// GET with the X-Total-Count and X-Next-Cursor headers the candidate list sends
// next to its JSON array. The shared reader (api/apiClient.ts) returns only the body.
import { withParams, type QueryParams } from '#app/api/apiClient.ts';
import { apiErrorFromResponse } from './apiErrorFromResponse.ts';

export interface Page<T> {
  rows: T[];
  total: number;
  /** Fetches the page after this one by keyset (fast at any depth); null on the last page. */
  nextCursor: string | null;
}

export async function fetchWithTotal<T>(path: string, params: QueryParams, signal?: AbortSignal): Promise<Page<T>> {
  const res = await fetch(withParams(path, params), { method: 'GET', credentials: 'include', signal });
  if (!res.ok) throw await apiErrorFromResponse(res);
  const json: unknown = await res.json();
  const rows = Array.isArray(json) ? (json as T[]) : [];
  const header = res.headers.get('X-Total-Count');
  const total = header === null ? NaN : Number(header);
  return { rows, total: Number.isFinite(total) ? total : rows.length, nextCursor: res.headers.get('X-Next-Cursor') };
}

// The people page's URL parameters: ?candidate={id} opens a candidate,
// ?action=add-candidate opens the create form (the command palette links to both).

export const CANDIDATE_PARAM = 'candidate';
export const ACTION_PARAM = 'action';
export const ADD_CANDIDATE_ACTION = 'add-candidate';

/** The candidate id in the URL, or null when missing or not a positive integer. */
export function candidateIdFrom(params: URLSearchParams): number | null {
  const raw = params.get(CANDIDATE_PARAM);
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** `pathname?…` with some parameters set (or removed with null), the others kept. */
export function urlWithParams(pathname: string, search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

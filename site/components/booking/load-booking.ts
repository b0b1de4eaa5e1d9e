// Server side of /book/{token}: reads GET /api/public/booking/{token} the way the
// browser would, in-process through server.ts (Astro.locals.apiGet, so the
// candidate's address counts for the API's rate limits), or over HTTP where no
// host hands that over (astro dev).
import { publicBookingSchema, type PublicBooking } from '#domain/meetings/booking-schemas.ts';

export type LoadedBooking =
  | { kind: 'found'; booking: PublicBooking }
  /** Unknown, malformed or wrong token: the page says only that the link is not valid. */
  | { kind: 'not-found' }
  | { kind: 'busy'; retryAfter: string | null }
  | { kind: 'unavailable' };

export async function loadBooking(token: string, apiGet: ((path: string) => Promise<Response>) | undefined, origin: URL): Promise<LoadedBooking> {
  const path = `/api/public/booking/${encodeURIComponent(token)}`;
  let res: Response;
  try {
    res = apiGet ? await apiGet(path) : await fetch(new URL(path, origin), { headers: { Accept: 'application/json' } });
  } catch (error) {
    console.error(`Booking page: GET ${path.replace(/[^/]+$/, '…')} failed:`, error);
    return { kind: 'unavailable' };
  }
  if (res.status === 429) return { kind: 'busy', retryAfter: res.headers.get('retry-after') };
  if (res.status >= 400 && res.status < 500) return { kind: 'not-found' };
  if (!res.ok) return { kind: 'unavailable' };
  const parsed = publicBookingSchema.safeParse(await res.json().catch(() => null));
  return parsed.success ? { kind: 'found', booking: parsed.data } : { kind: 'unavailable' };
}

/** What a booking page's own frontmatter needs of Astro (a component's frontmatter runs after the status is sent). */
interface PageContext {
  params: Record<string, string | undefined>;
  locals: App.Locals;
  url: URL;
  response: { status: number; headers: Headers };
}

/**
 * Loads the link and sets the page's status and headers: 200 for any state of a real link,
 * 404 for anything else (still the friendly page), 429 or 503 when the API says so.
 */
export async function openBooking(page: PageContext): Promise<{ token: string; loaded: LoadedBooking }> {
  const token = page.params.token ?? '';
  const loaded = await loadBooking(token, page.locals.apiGet, page.url);
  // A link is personal: no cache keeps the page.
  page.response.headers.set('Cache-Control', 'no-store');
  // Its words follow the visitor's Accept-Language (BookingPage.astro).
  page.response.headers.set('Vary', 'Accept-Language');
  page.response.status = loaded.kind === 'not-found' ? 404 : loaded.kind === 'busy' ? 429 : loaded.kind === 'unavailable' ? 503 : 200;
  if (loaded.kind === 'busy' && loaded.retryAfter) page.response.headers.set('Retry-After', loaded.retryAfter);
  return { token, loaded };
}

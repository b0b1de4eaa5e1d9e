// A campaign's page (/app/communications/campaigns/{id}): the recipient table's filter, search and page live in
// the URL, so Back, a reload or a shared link shows the same recipients.
import type { RecipientFilter } from '#domain/campaigns/schemas.ts';
import { everyValue, optionalEnum, optionalInt, optionalText, searchSchema, type SearchOf } from '#app/router/searchParams.ts';

export const CAMPAIGN_PAGE_PATH = '/app/communications/campaigns/$id';

/** The "Show" filter's options, in the order shown (labels: communications.recipients.filters). */
export const RECIPIENT_SHOW = everyValue<RecipientFilter | 'all'>()([
  'all', 'pending', 'sent', 'skipped', 'failed', 'opened', 'clicked', 'replied', 'booked', 'not_delivered', 'exited',
]);

/** Recipients shown per page. */
export const RECIPIENTS_PER_PAGE = 25;

export const campaignPageSearchSchema = searchSchema({
  show: optionalEnum(RECIPIENT_SHOW),
  q: optionalText(200),
  page: optionalInt(1, 100_000),
});
export type CampaignPageSearch = SearchOf<typeof campaignPageSearchSchema.fields>;

/** The route's id: a positive whole number, else the page is not found. */
export function campaignIdParam(text: string): number | null {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 && String(id) === text ? id : null;
}

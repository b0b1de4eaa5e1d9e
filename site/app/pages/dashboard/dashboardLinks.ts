// Where each figure of the dashboard leads: the filtered list behind it
// (Communications' threads and campaigns, the meetings, the People list).
import type { Sentiment } from '#domain/ai/schemas.ts';
import type { DashboardQuery } from '#domain/dashboard/schemas.ts';
import { stringifySearch } from '#app/router/searchParams.ts';
import { CAMPAIGNS_LIST_PATH, campaignPath } from '#domain/campaigns/paths.ts';

type Scope = DashboardQuery['scope'];

/** Every thread (a sentiment narrows them to those whose latest reply has it). */
export const threadsHref = (sentiment?: Sentiment) =>
  `/app/communications${stringifySearch({ tab: 'messages', view: sentiment ? undefined : 'all', sentiment })}`;
/** The threads waiting for our answer (the Communications page's default view). */
export const needsReplyHref = () => '/app/communications?tab=messages';
export const threadHref = (threadId: number) => `/app/communications${stringifySearch({ tab: 'messages', thread: threadId })}`;
export const campaignsHref = () => CAMPAIGNS_LIST_PATH;
export const campaignHref = campaignPath;
export const meetingsHref = (scope: Scope) => `/app/meetings${stringifySearch({ recruiter: scope === 'team' ? 'all' : undefined })}`;
export const candidateHref = (candidateId: number) => `/app/people?candidate=${candidateId}`;
/** The People list by engagement score, highest first (of one talent pool). */
export const engagedPeopleHref = ({ talentPoolId }: { talentPoolId?: number } = {}) =>
  `/app/people${stringifySearch({ talentPoolId, sort: 'engagementScore', dir: 'desc' })}`;

// Where a campaign lives in the app: its own page under Communications (issue 27). The palette, the dashboard,
// the inbox's campaign groups and the wizard after Launch all link here.

export const CAMPAIGNS_LIST_PATH = '/app/communications?tab=campaigns';

export function campaignPath(id: number): string {
  return `/app/communications/campaigns/${id}`;
}

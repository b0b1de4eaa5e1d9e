// Opens the dialog the query parameters ask for, once, then drops those
// parameters from the URL (replacing the entry) so that going back or
// reloading does not reopen it.
import { useNavigate } from '#app/router/RouterView.tsx';
import { useEffect } from 'react';
import { openPanel } from '#app/drawers/drawerStore.ts';
import { openCampaignWizard } from '#app/panels/wizard/openCampaignWizard.ts';
import { pageAction, withoutOneShotParams, type CommunicationsSearch, type PageAction } from './pageParams.ts';

/** Opens the dialog a page action asks for: compose, or the campaign wizard (also the palette's, over any page). */
export function openPageDialog(action: NonNullable<PageAction>): void {
  if (action.kind === 'compose') openPanel('compose', action.payload);
  else openCampaignWizard(action.prefill);
}

export function usePageActions(search: CommunicationsSearch) {
  const navigate = useNavigate();
  useEffect(() => {
    const action = pageAction(search);
    if (!action) return;
    openPageDialog(action);
    void navigate({ search: (current) => withoutOneShotParams(current), replace: true, resetScroll: false });
  }, [search, navigate]);
}

// Opens the dialog a query parameter asks for, once, then drops those
// parameters from the URL so that going back or reloading does not reopen it.
import { useEffect } from 'react';
import { openPanel } from '#app/drawers/drawerStore.ts';
import { openCampaignWizard } from '#app/panels/wizard/openCampaignWizard.ts';
import { navigate, useLocation } from '#app/router/history.ts';
import { pageAction, withoutOneShotParams } from './pageParams.ts';

export function usePageActions() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const action = pageAction(params);
    if (!action) return;
    if (action.kind === 'compose') openPanel('compose', action.payload);
    else openCampaignWizard(action.prefill);
    navigate(pathname + withoutOneShotParams(params), { replace: true });
  }, [pathname, search]);
}

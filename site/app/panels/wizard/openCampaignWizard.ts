// Opens the campaign wizard with starting values. The drawer store's campaign
// payload holds only talentPoolId and campaignType, so the rest of a prefill
// (Advanced Editor subject, content, template, prompt, language) waits here
// until the wizard takes it on opening.
import { openPanel } from '../../drawers/drawerStore.ts';
import type { WizardPrefill } from '../../messaging/advancedEditor.ts';

let pending: WizardPrefill | null = null;

export function openCampaignWizard(prefill: WizardPrefill = {}): void {
  pending = prefill;
  openPanel('campaign', prefill.talentPoolId ? { talentPoolId: prefill.talentPoolId } : {});
}

/** The prefill for this opening (once): the wizard calls it when it opens. */
export function takeWizardPrefill(): WizardPrefill {
  const taken = pending ?? {};
  pending = null;
  return taken;
}

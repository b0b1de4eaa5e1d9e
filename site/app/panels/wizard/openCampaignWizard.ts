// Opens the campaign wizard with starting values (its drawer-state payload).
import { openPanel, type CampaignPayload } from '#app/drawers/drawerStore.ts';
import type { WizardPrefill } from '#app/messaging/advancedEditor.ts';

export function openCampaignWizard({ candidateId: _candidateId, candidateName: _candidateName, ...prefill }: WizardPrefill = {}): void {
  // The wizard sends to pools only: a preset candidate has no place in it.
  openPanel('campaign', prefill satisfies CampaignPayload);
}

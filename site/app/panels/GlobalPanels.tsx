// The compose, reply and campaign panels, mounted once in the shell and driven
// by drawers/drawerStore.ts (openPanel / closePanel).
import { ComposeMessageDialog } from './compose/ComposeMessageDialog.tsx';
import { ReplyDrawer } from './reply/ReplyDrawer.tsx';
import { CampaignWizardDialog } from './wizard/CampaignWizardDialog.tsx';

export function GlobalPanels() {
  return (
    <>
      <ComposeMessageDialog />
      <ReplyDrawer />
      <CampaignWizardDialog />
    </>
  );
}

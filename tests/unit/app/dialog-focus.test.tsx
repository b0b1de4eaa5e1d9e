// @vitest-environment jsdom
// Dialogs open with focus on their first field, not on their close button (issue 27); a question before
// something that cannot be undone, on the way back out.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NewUserModal } from '#app/pages/admin/NewUserModal.tsx';
import { ConfirmModal } from '#app/pages/people/ConfirmModal.tsx';
import { ImportModal } from '#app/pages/people/import/ImportModal.tsx';
import { CampaignControls } from '#app/pages/communications/campaign/CampaignControls.tsx';
import { admin, recruiter, renderAt } from './renderWithProviders.tsx';

describe('dialog focus at opening', () => {
  it('New user: the username', async () => {
    renderAt('/app/admin', <NewUserModal opened onClose={() => {}} />, { user: admin });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Username/)));
  });

  it('a confirmation: Cancel, not the button that deletes', async () => {
    renderAt('/app/people', (
      <ConfirmModal opened title="Delete pool?" confirmLabel="Delete" onConfirm={() => {}} onCancel={() => {}}>This cannot be undone.</ConfirmModal>
    ), { user: admin });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })));
  });

  it('Import CSV: the file to import', async () => {
    renderAt('/app/people', <ImportModal opened pools={[]} defaultPoolId={null} onClose={() => {}} />, { user: recruiter });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('import-file')));
  });

  it('cancelling a campaign asks first, on "Keep campaign"', async () => {
    renderAt('/app/communications/campaigns/5', <CampaignControls id={5} status="sending" />, { user: recruiter });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel campaign' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep campaign' })));
  });
});

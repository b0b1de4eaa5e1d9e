// @vitest-environment jsdom
// Dialogs open with focus on their first field, not on their close button (issue 27); a question before
// something that cannot be undone, on the way back out.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NewUserModal } from '#app/pages/admin/NewUserModal.tsx';
import { ConfirmModal } from '#app/pages/people/ConfirmModal.tsx';
import { admin, renderAt } from './renderWithProviders.tsx';

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
});

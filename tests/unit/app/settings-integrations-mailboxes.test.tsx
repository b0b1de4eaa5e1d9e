// @vitest-environment jsdom
// Settings → Integrations lists the recruiters' own mailboxes (issue 28): each with its state, its last
// sync and why it is not read, in English and Dutch; an admin reads how to set it up, a recruiter what
// to ask; "Sync now" says whether the sync started.
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setInterfaceLanguage } from '#app/i18n/i18n.ts';
import { SettingsPage } from '#app/pages/settings/SettingsPage.tsx';
import { integrationsSchema, mailboxSyncQueuedSchema, type MailboxState } from '#domain/integrations/schemas.ts';
import { answer, failure } from './answers.ts';
import { renderPage } from './renderInRouter.tsx';
import { admin, jsonResponse, recruiter, stubFetch } from './renderWithProviders.tsx';

afterEach(async () => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  await act(() => setInterfaceLanguage('en'));
});

const ANNA = '11111111-1111-4111-8111-111111111111';
const BRAM = '22222222-2222-4222-8222-222222222222';
const CARA = '33333333-3333-4333-8333-333333333333';

const syncing: MailboxState = {
  email: 'anna@talentloop.test', userId: ANNA, state: 'syncing', lastSyncAt: '2026-11-29T10:15:00.000Z', error: null, errorCode: null, errorParams: null,
};
const refused: MailboxState = {
  email: 'bram@talentloop.test', userId: BRAM, state: 'error', lastSyncAt: null, errorCode: 'mailbox.send_refused',
  errorParams: { mailbox: 'bram@talentloop.test', status: 403, detail: 'Access to OData is disabled.' },
  error: 'Microsoft 365 refused to send from the mailbox bram@talentloop.test (403): Access to OData is disabled.',
};
const notRead: MailboxState = {
  email: 'cara@talentloop.test', userId: CARA, state: 'not_connected', lastSyncAt: null, errorCode: 'mailbox.not_read_yet', errorParams: null,
  error: 'Not read yet: it is read once mail leaves it, or at once with Sync now',
};

const integrations = (mailboxes: MailboxState[]) => answer(integrationsSchema, { canSendTests: false, integrations: [], mailboxes });
const item = (email: string) => within(screen.getByTestId(`mailbox-${email}`));

async function showMailboxes(mailboxes: MailboxState[], user = admin, routes: Parameters<typeof stubFetch>[0] = {}) {
  const fetchMock = stubFetch({ 'GET /api/settings/integrations': integrations(mailboxes), ...routes });
  await renderPage('/app/settings?tab=integrations', <SettingsPage />, { user });
  await screen.findByTestId('integration-mailboxes');
  return fetchMock;
}

describe('settings: the recruiters\' mailboxes', () => {
  it('lists each mailbox with its state, its last sync and why it is not read; an admin reads how to fix a refusal', async () => {
    await showMailboxes([syncing, refused, notRead]);
    expect(screen.getByRole('heading', { name: "Recruiters' mailboxes" })).toBeTruthy();
    expect(item(syncing.email).getByText('Syncing')).toBeTruthy();
    expect(item(syncing.email).getByText(/^Last sync: Nov 29, 2026 at /)).toBeTruthy();
    expect(item(syncing.email).queryByTestId('mailbox-reason')).toBeNull();

    expect(item(refused.email).getByText('Error')).toBeTruthy();
    expect(item(refused.email).getByText('Never synced')).toBeTruthy();
    expect(item(refused.email).getByTestId('mailbox-reason').textContent)
      .toBe('Microsoft 365 refused to send from the mailbox bram@talentloop.test (403): Access to OData is disabled.');
    expect(item(refused.email).getByTestId('mailbox-help').textContent).toMatch(/add it to the application access policy/);

    expect(item(notRead.email).getByText('Not connected')).toBeTruthy();
    expect(item(notRead.email).getByTestId('mailbox-reason').textContent).toBe('Not read yet: it is read once mail leaves it, or at once with Sync now');
    for (const mailbox of [syncing, refused, notRead]) {
      expect(item(mailbox.email).getByRole('button', { name: `Sync now: ${mailbox.email}` })).toBeTruthy();
    }
  });

  it('a recruiter reads what to ask their admin, without set-up steps', async () => {
    const noGraph: MailboxState = { ...notRead, errorCode: 'mailbox.no_graph', error: 'Microsoft Graph is not configured, so this mailbox is not read' };
    await showMailboxes([noGraph], recruiter);
    expect(screen.getByRole('heading', { name: 'Your mailbox' })).toBeTruthy();
    expect(item(noGraph.email).getByTestId('mailbox-help').textContent).toMatch(/^Ask your admin to connect Microsoft 365/);
    expect(screen.getByTestId('integration-mailboxes').textContent).not.toMatch(/MS_TENANT_ID|Entra/);
    // Nothing reads a mailbox without Microsoft Graph: no Sync now.
    expect(item(noGraph.email).queryByRole('button')).toBeNull();
  });

  it('in Dutch', async () => {
    await act(() => setInterfaceLanguage('nl'));
    await showMailboxes([syncing, refused, notRead]);
    expect(screen.getByRole('heading', { name: 'Mailboxen van recruiters' })).toBeTruthy();
    expect(item(syncing.email).getByText('Synchroniseert')).toBeTruthy();
    expect(item(syncing.email).getByText(/^Laatst gesynchroniseerd: 29 nov\.? 2026 om /)).toBeTruthy();
    expect(item(refused.email).getByText('Fout')).toBeTruthy();
    expect(item(refused.email).getByTestId('mailbox-reason').textContent)
      .toBe('Microsoft 365 weigerde te versturen vanaf de mailbox bram@talentloop.test (403): Access to OData is disabled.');
    expect(item(refused.email).getByTestId('mailbox-help').textContent).toMatch(/^Geef de mailbox een Exchange Online-licentie/);
    expect(item(notRead.email).getByText('Niet gekoppeld')).toBeTruthy();
    expect(item(notRead.email).getByRole('button', { name: `Nu synchroniseren: ${notRead.email}` })).toBeTruthy();
  });

  it('Sync now says the sync started, or why it could not', async () => {
    const fetchMock = await showMailboxes([syncing, refused], admin, {
      [`POST /api/settings/integrations/mailboxes/${ANNA}/sync`]: () => jsonResponse(answer(mailboxSyncQueuedSchema, { queued: [syncing.email] }), 202),
      [`POST /api/settings/integrations/mailboxes/${BRAM}/sync`]: () => jsonResponse(failure({
        error: 'Microsoft Graph is not configured, so no mailbox is read', code: 'mailbox_sync_not_configured',
      }), 409),
    });
    fireEvent.click(item(syncing.email).getByRole('button', { name: `Sync now: ${syncing.email}` }));
    expect(await screen.findByText('Sync started')).toBeTruthy();
    expect(screen.getByText('anna@talentloop.test is read now.')).toBeTruthy();

    fireEvent.click(item(refused.email).getByRole('button', { name: `Sync now: ${refused.email}` }));
    expect(await screen.findByText('Could not start the sync')).toBeTruthy();
    expect(screen.getByText(/Microsoft Graph is not configured, so no mailbox is read/)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => url)).toEqual([
      `/api/settings/integrations/mailboxes/${ANNA}/sync`, `/api/settings/integrations/mailboxes/${BRAM}/sync`,
    ]);
  });
});

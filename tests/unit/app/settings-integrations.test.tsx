// @vitest-environment jsdom
// Settings → Integrations: each service's state, "Send a test" for admins with the
// provider's answer in plain words, a disabled button (and why) when not configured.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage } from '#app/pages/settings/SettingsPage.tsx';
import { integrationsSchema, integrationTestResultSchema } from '#domain/integrations/schemas.ts';
import { answer, failure } from './answers.ts';
import { renderPage } from './renderInRouter.tsx';
import { admin, jsonResponse, recruiter, stubFetch } from './renderWithProviders.tsx';

afterEach(() => vi.unstubAllGlobals());

const INTEGRATIONS = answer(integrationsSchema, {
  canSendTests: true, mailboxes: [],
  integrations: [
    {
      kind: 'ai', name: 'AI provider', status: 'configured', mode: 'OpenAI-compatible API', summary: 'Drafts come from this model.',
      details: [{ label: 'Server', value: 'https://api.openai.com/v1' }, { label: 'Model', value: 'gpt-4o-mini' }], testable: true, notTestable: null,
    },
    {
      kind: 'mail', name: 'Mail', status: 'configured', mode: 'SMTP', summary: 'Emails go out through this SMTP server.',
      details: [{ label: 'Server', value: 'smtp.example.com:587' }], testable: true, notTestable: null,
    },
    {
      kind: 'teams', name: 'Microsoft Teams and Outlook', status: 'off', mode: 'Email invitations only', summary: 'Meetings are confirmed by email.',
      details: [], testable: false, notTestable: 'Microsoft Graph is not configured, so there is nothing to test.',
    },
  ],
});

const card = (kind: string) => within(screen.getByTestId(`integration-${kind}`));

describe('settings: integrations', () => {
  it('shows each service with its state and addresses', async () => {
    stubFetch({ 'GET /api/settings/integrations': INTEGRATIONS });
    await renderPage('/app/settings?tab=integrations', <SettingsPage />, { user: admin });
    await screen.findByTestId('integrations-panel');
    expect(card('ai').getByRole('heading', { name: 'AI provider' })).toBeTruthy();
    expect(card('ai').getByText('Configured')).toBeTruthy();
    expect(card('ai').getByText('gpt-4o-mini')).toBeTruthy();
    expect(card('mail').getByText('smtp.example.com:587')).toBeTruthy();
    expect(card('teams').getByText('Not configured')).toBeTruthy();
  });

  it('an admin sends a test and reads the answer; a failure in the provider\'s words', async () => {
    const fetchMock = stubFetch({
      'GET /api/settings/integrations': INTEGRATIONS,
      'POST /api/settings/integrations/ai/test': answer(integrationTestResultSchema, {
        kind: 'ai', ok: true, message: 'The AI provider answered (model gpt-4o-mini): "OK"', durationMs: 420, testedAt: '2026-11-26T12:00:00.000Z',
      }),
      'POST /api/settings/integrations/mail/test': answer(integrationTestResultSchema, {
        kind: 'mail', ok: false, message: 'The SMTP server refused the login: 535 5.7.8 Authentication failed', durationMs: 1500,
        testedAt: '2026-11-26T12:00:00.000Z',
      }),
    });
    await renderPage('/app/settings?tab=integrations', <SettingsPage />, { user: admin });
    await screen.findByTestId('integrations-panel');
    fireEvent.click(card('ai').getByRole('button', { name: 'Send a test: AI provider' }));
    expect(await card('ai').findByText('Test passed')).toBeTruthy();
    expect(card('ai').getByText('The AI provider answered (model gpt-4o-mini): "OK"')).toBeTruthy();
    expect(card('ai').getByText('Took 420 ms.')).toBeTruthy();

    fireEvent.click(card('mail').getByRole('button', { name: 'Send a test: Mail' }));
    expect(await card('mail').findByText('Test failed')).toBeTruthy();
    expect(card('mail').getByText('The SMTP server refused the login: 535 5.7.8 Authentication failed')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => url))
      .toEqual(['/api/settings/integrations/ai/test', '/api/settings/integrations/mail/test']);
  });

  it('disables the test of a service that is not configured, and says why', async () => {
    stubFetch({ 'GET /api/settings/integrations': INTEGRATIONS });
    await renderPage('/app/settings?tab=integrations', <SettingsPage />, { user: admin });
    await screen.findByTestId('integrations-panel');
    const button = card('teams').getByRole('button', { name: 'Send a test: Microsoft Teams and Outlook' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('integration-teams-why-not');
    expect(document.getElementById('integration-teams-why-not')!.textContent).toBe('Microsoft Graph is not configured, so there is nothing to test.');
  });

  it('shows a refusal of the request itself (too soon)', async () => {
    stubFetch({
      'GET /api/settings/integrations': INTEGRATIONS,
      'POST /api/settings/integrations/ai/test': () => jsonResponse(failure({ error: 'Wait 7 s before sending another AI test.' }), 429),
    });
    await renderPage('/app/settings?tab=integrations', <SettingsPage />, { user: admin });
    await screen.findByTestId('integrations-panel');
    fireEvent.click(card('ai').getByRole('button', { name: 'Send a test: AI provider' }));
    expect(await card('ai').findByText('Could not send the test')).toBeTruthy();
    expect(card('ai').getByText(/Wait 7 s before sending another AI test\./)).toBeTruthy();
  });

  it('a recruiter sees the state, without test buttons', async () => {
    stubFetch({ 'GET /api/settings/integrations': { ...INTEGRATIONS, canSendTests: false } });
    await renderPage('/app/settings?tab=integrations', <SettingsPage />, { user: recruiter });
    await screen.findByTestId('integrations-panel');
    expect(screen.queryByRole('button', { name: /^Send a test/ })).toBeNull();
    expect(card('ai').getByText('Only an administrator can send a test.')).toBeTruthy();
  });

  it('a recruiter reads what to do, an admin how to set it up: no variable names for a recruiter', async () => {
    const offline = answer(integrationsSchema, {
      canSendTests: false, mailboxes: [],
      integrations: [{
        kind: 'teams', code: 'integrations.teams.off', name: 'Microsoft Teams and Outlook', status: 'off', mode: 'Email invitations only',
        summary: 'Meetings are confirmed by email.', details: [], testable: false, notTestable: 'Microsoft Graph is not configured, so there is nothing to test.',
      }, {
        kind: 'ai', code: 'integrations.ai.fallback', name: 'AI provider', status: 'off', mode: 'Built-in offline drafter',
        summary: 'Drafts are written by the built-in drafter, offline.', details: [], testable: false, notTestable: 'Nothing to test.',
      }],
    });
    stubFetch({ 'GET /api/settings/integrations': offline });
    const { unmount } = await renderPage('/app/settings?tab=integrations', <SettingsPage />, { user: recruiter });
    await screen.findByTestId('integrations-panel');
    expect(card('teams').getByText(/Ask your admin to connect Microsoft Teams\./)).toBeTruthy();
    expect(card('ai').getByText(/Your admin can connect an AI model\./)).toBeTruthy();
    expect(screen.getByTestId('integrations-panel').textContent).not.toMatch(/MS_TENANT_ID|OPENAI_API_KEY|Entra/);
    unmount();

    stubFetch({ 'GET /api/settings/integrations': offline });
    await renderPage('/app/settings?tab=integrations', <SettingsPage />, { user: admin });
    await screen.findByTestId('integrations-panel');
    expect(card('teams').getByText(/MS_TENANT_ID, MS_CLIENT_ID and MS_CLIENT_SECRET/)).toBeTruthy();
    expect(card('ai').getByText(/Set OPENAI_API_KEY/)).toBeTruthy();
  });
});

// @vitest-environment jsdom
// What the server says, in the interface's language (decision 032): a Dutch recruiter reads a server
// refusal on its form field, a blocker in a toast, Settings → Integrations and a test's result in Dutch,
// from the answers' codes; a code this browser does not know shows the server's English.
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, errorText } from '#app/api/ApiError.ts';
import { closeAllPanels } from '#app/drawers/drawerStore.ts';
import { setInterfaceLanguage } from '#app/i18n/i18n.ts';
import { codeText } from '#app/i18n/serverText.ts';
import { PeoplePage } from '#app/pages/PeoplePage.tsx';
import { SettingsPage } from '#app/pages/settings/SettingsPage.tsx';
import { integrationsSchema, integrationTestResultSchema } from '#domain/integrations/schemas.ts';
import { answer, failure } from './answers.ts';
import { detail, peopleList, pools } from './peopleFixtures.ts';
import { renderPage } from './renderInRouter.tsx';
import { admin, jsonResponse, recruiter, stubFetch } from './renderWithProviders.tsx';

afterEach(async () => {
  act(() => { closeAllPanels(); notifications.clean(); });
  vi.unstubAllGlobals();
  await setInterfaceLanguage('en');
  localStorage.clear();
});

describe('a server error in the interface\'s language', () => {
  it('says an API error by its code in Dutch, and a code it does not know in the server\'s English', async () => {
    const refused = new ApiError(422, 'Candidate has not consented to email', { error: 'Candidate has not consented to email', code: 'blockers.no_consent', field: 'channel' });
    const newer = new ApiError(409, 'Something a newer server says', { error: 'Something a newer server says', code: 'a_code_from_the_future' });
    const tooLong = new ApiError(400, 'name must be at most 200 characters', {
      error: 'name must be at most 200 characters', code: 'validation.at_most_characters', params: { field: 'name', limit: 200 }, field: 'name',
    });
    expect(errorText(refused)).toBe('Candidate has not consented to email');
    expect(errorText(tooLong)).toBe('name must be at most 200 characters');
    await setInterfaceLanguage('nl');
    expect(errorText(refused)).toBe('Kandidaat heeft geen toestemming gegeven voor e-mail');
    expect(errorText(tooLong)).toBe('Naam mag hoogstens 200 tekens hebben');
    expect(errorText(newer)).toBe('Something a newer server says');
    expect(refused.message).toBe('422: Candidate has not consented to email');
    expect(codeText('two_factor_locked', { count: 5 })).toBe('Te veel verkeerde codes. Inloggen met tweestapsverificatie is 5 minuten geblokkeerd.');
  });

  it('shows the server\'s 409 on the candidate form\'s field in Dutch', async () => {
    await setInterfaceLanguage('nl');
    const create = vi.fn(() => jsonResponse(failure({
      error: 'a candidate with this email already exists', code: 'candidate_email_taken', field: 'email',
    }), 409));
    stubFetch({
      'GET /api/talent-pools': pools,
      ...peopleList(3),
      'POST /api/candidates': create,
      'GET /api/candidates/42': detail(42),
    });
    await renderPage('/app/people?action=add-candidate', <PeoplePage />, { user: recruiter });
    const form = within(await screen.findByTestId('candidate-form'));
    fireEvent.change(form.getByRole('textbox', { name: 'Naam' }), { target: { value: 'Joël Müller' } });
    fireEvent.change(form.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'joel@example.com' } });
    fireEvent.click(within(screen.getByTestId('drawer-footer')).getByRole('button', { name: 'Kandidaat toevoegen' }));
    expect(await form.findByText('Er is al een kandidaat met dit e-mailadres')).toBeTruthy();
    expect(create).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('a candidate with this email already exists')).toBeNull();
  });
});

describe('Settings → Integrations in Dutch', () => {
  const INTEGRATIONS = answer(integrationsSchema, {
    canSendTests: true, mailboxes: [],
    integrations: [
      {
        kind: 'mail', name: 'Mail', code: 'integrations.mail.smtp', status: 'configured', mode: 'SMTP',
        summary: 'Emails to candidates go out through this SMTP server.',
        details: [
          { label: 'Server', value: 'smtp.example.com:587', labelCode: 'integrations.details.server' },
          { label: 'Login', value: 'User name and password (not shown)', labelCode: 'integrations.details.login', valueCode: 'integrations.values.loginNotShown' },
        ],
        testable: true, notTestable: null, notTestableCode: null,
      },
      {
        kind: 'teams', name: 'Microsoft Teams and Outlook', code: 'integrations.teams.off', status: 'off', mode: 'Email invitations only',
        summary: 'Meetings are confirmed by email.', details: [], testable: false,
        notTestable: 'Microsoft Graph is not configured, so there is nothing to test.', notTestableCode: 'teams_nothing_to_test',
      },
    ],
  });

  it('shows every state, detail and test result in Dutch, the provider\'s own words as they are', async () => {
    await setInterfaceLanguage('nl');
    stubFetch({
      'GET /api/settings/integrations': INTEGRATIONS,
      'POST /api/settings/integrations/mail/test': answer(integrationTestResultSchema, {
        kind: 'mail', ok: false, message: 'The SMTP server refused the login: 535 5.7.8 Authentication failed',
        code: 'integrationTests.smtp_login_refused', params: { detail: '535 5.7.8 Authentication failed' },
        durationMs: 1500, testedAt: '2026-11-26T12:00:00.000Z',
      }),
    });
    await renderPage('/app/settings?tab=integrations', <SettingsPage />, { user: admin });
    const mail = within(await screen.findByTestId('integration-mail'));
    const teams = within(screen.getByTestId('integration-teams'));
    expect(mail.getByText('E-mails aan kandidaten gaan via deze SMTP-server de deur uit.')).toBeTruthy();
    expect(mail.getByText('Inloggen')).toBeTruthy();
    expect(mail.getByText('Gebruikersnaam en wachtwoord (niet getoond)')).toBeTruthy();
    expect(mail.getByText('smtp.example.com:587')).toBeTruthy();
    expect(teams.getByRole('heading', { name: 'Microsoft Teams en Outlook' })).toBeTruthy();
    expect(teams.getByText('Alleen uitnodigingen per e-mail')).toBeTruthy();
    expect(teams.getByText('Microsoft Graph is niet ingesteld, dus er valt niets te testen.')).toBeTruthy();
    fireEvent.click(mail.getByRole('button', { name: /SMTP|Mail/ }));
    await waitFor(() => expect(mail.getByText('De SMTP-server weigerde het inloggen: 535 5.7.8 Authentication failed')).toBeTruthy());
    expect(screen.queryByText(/Emails to candidates|Email invitations only|nothing to test/)).toBeNull();
  });
});

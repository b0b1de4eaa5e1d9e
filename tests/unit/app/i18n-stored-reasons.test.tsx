// @vitest-environment jsdom
// What the server kept and answers later, in the interface's language (decision 032): a message's
// delivery error, an import's failure and its skipped rows, an automatic pause, the reasons SQL writes
// (a cancelled campaign, a recipient who left the sequence), a mail kept aside, a meeting's Teams link
// and WhatsApp's template problems. A Dutch recruiter reads them in Dutch, from the answers' codes;
// a provider's own words stay as they were said, after ours; an answer without a code shows its English.
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setInterfaceLanguage } from '#app/i18n/i18n.ts';
import { ThreadMessage } from '#app/pages/communications/ThreadMessage.tsx';
import { CampaignPage } from '#app/pages/communications/campaign/CampaignPage.tsx';
import { OutboxReplyForm } from '#app/pages/communications/OutboxReplyForm.tsx';
import { ImportReport } from '#app/pages/people/import/ImportReport.tsx';
import { TeamsStatus } from '#app/pages/meetings/TeamsStatus.tsx';
import { IntegrationsPanel } from '#app/pages/settings/IntegrationsPanel.tsx';
import { campaignRecipientListSchema } from '#domain/campaigns/schemas.ts';
import { importSummarySchema, skippedRowsSchema } from '#domain/imports/schemas.ts';
import { integrationsSchema } from '#domain/integrations/schemas.ts';
import { outboxReplyResultSchema } from '#domain/messages/inbound-email-schemas.ts';
import { meetingSchema } from '#domain/meetings/meeting-schemas.ts';
import { answer } from './answers.ts';
import { campaignDetail, message } from './messagingFixtures.ts';
import { meeting } from './meetingListFixtures.ts';
import { admin, jsonResponse, recruiter, renderAt, stubFetch } from './renderWithProviders.tsx';
import { renderPage } from './renderInRouter.tsx';

beforeEach(async () => {
  await setInterfaceLanguage('nl');
});
afterEach(async () => {
  act(() => { notifications.clean(); });
  vi.unstubAllGlobals();
  await setInterfaceLanguage('en');
  localStorage.clear();
});

describe('a message\'s delivery error', () => {
  it('says our reason in Dutch, and a mail server\'s answer after our words, as it said it', () => {
    const lost = message(1, { status: 'queued', error: 'The worker lost contact with the database before sending', errorCode: 'delivery.worker_lost_contact' });
    const refused = message(2, {
      status: 'failed', error: 'SMTP 550: 550 Mailbox unavailable', errorCode: 'delivery.provider_failed', errorParams: { detail: 'SMTP 550: 550 Mailbox unavailable' },
    });
    const older = message(3, { status: 'failed', error: 'An error kept before codes' });
    renderAt('/app/communications', <>{[lost, refused, older].map((m) => <ThreadMessage key={m.id} message={m} candidateName="Anna" />)}</>, { user: recruiter });
    const errors = screen.getAllByTestId('message-error').map((node) => node.textContent);
    expect(errors).toEqual([
      'De worker verloor het contact met de database voordat hij verstuurde',
      'Niet verstuurd: SMTP 550: 550 Mailbox unavailable',
      'An error kept before codes',
    ]);
  });

  it('says a WhatsApp failure in Dutch with Meta\'s code and words after it', () => {
    const failed = message(4, {
      channel: 'whatsapp', status: 'failed', deliveryStatus: { status: 'failed', at: '2026-03-05T10:01:00.000Z' },
      error: 'This number cannot receive WhatsApp messages (131026): Message undeliverable',
      errorCode: 'delivery.whatsapp_cannot_receive', errorParams: { tail: ' (131026): Message undeliverable' },
    });
    renderAt('/app/communications', <ThreadMessage message={failed} candidateName="Anna" />, { user: recruiter });
    expect(screen.getByTestId('delivery-status').textContent).toMatch(/Dit nummer kan geen WhatsApp-berichten ontvangen \(131026\): Message undeliverable · /);
  });
});

describe('a campaign', () => {
  const recipient = { sentAt: null, opened: false, humanOpened: false, clicked: false, replied: false, sentiment: null, bounced: false, booked: false,
    currentStep: 1, exitReason: null, exitedAt: null, outOfOfficeUntil: null } as const;
  const recipients = answer(campaignRecipientListSchema, { nextCursor: null, total: 3, recipients: [
    { ...recipient, candidate: { id: 70, name: 'Anna de Vries' }, status: 'cancelled',
      skipReason: 'The campaign was cancelled before this message was sent', skipReasonCode: 'skipped.campaign_cancelled' },
    { ...recipient, candidate: { id: 71, name: 'Bram Jansen' }, status: 'cancelled',
      skipReason: 'Left the sequence before the first email was sent', skipReasonCode: 'skipped.left_sequence', exitReason: 'manual' },
    { ...recipient, candidate: { id: 72, name: 'Carla Smit' }, status: 'failed', skipReason: 'WhatsApp not configured', skipReasonCode: 'whatsapp_not_configured' },
  ] });

  it('says why it paused by itself, and why recipients did not get it, in Dutch', async () => {
    stubFetch({
      'GET /api/campaigns/9': campaignDetail(9, {
        status: 'paused', recipients: 3, startedAt: '2026-03-05T09:00:01.000Z',
        pausedReason: 'Paused automatically: 11 of the last 200 emails bounced or were marked as spam (5.5%; the limit is 5%)',
        pausedReasonCode: 'campaign_auto_paused', pausedReasonParams: { bad: 11, sent: 200, percent: 5.5, limit: 5 },
      }),
      'GET /api/campaigns/9/recipients': recipients,
    });
    await renderPage('/app/communications/campaigns/9', <CampaignPage />, { user: recruiter });
    expect((await screen.findByTestId('campaign-paused-reason')).textContent).toBe(
      'Automatisch gepauzeerd: 11 van de laatste 200 e-mails bouncten of werden als spam gemarkeerd (5,5%; de grens is 5%). Er wordt niets meer verstuurd tot je hem hervat.');
    const reason = async (id: number) => within(await screen.findByTestId(`recipient-${id}`)).getByTestId('recipient-reason').textContent;
    expect(await reason(70)).toBe('De campagne werd geannuleerd voordat dit bericht werd verstuurd');
    expect(await reason(71)).toBe('Uit de reeks gestapt voordat de eerste e-mail werd verstuurd');
    expect(await reason(72)).toBe('WhatsApp is niet ingesteld');
  });
});

describe('an import', () => {
  const failed = answer(importSummarySchema, {
    id: 5, fileName: 'kandidaten.csv', status: 'failed', stage: null, talentPoolId: null, duplicates: 'skip', mapping: {}, emailConsent: 'none', emailConsentWording: 'Record no consent: they will not be emailed until they agree', delimiter: ';',
    totalBytes: 100, processedBytes: 100, processedRows: 0, stagedRows: 0, writtenRows: 0, imported: 0, updated: 0, skipped: 0,
    error: 'The import stopped because the server running it stopped (a restart or a crash), so nothing was imported. Import the file again.',
    errorCode: 'import_interrupted', errorParams: null,
    createdAt: '2026-03-05T14:07:00Z', startedAt: '2026-03-05T14:07:00Z', finishedAt: '2026-03-05T14:09:00Z', progress: null,
  });

  it('says why it failed in Dutch (the interrupted-import sweep\'s reason)', () => {
    renderAt('/app/people', <ImportReport summary={failed} />, { user: recruiter });
    expect(screen.getByTestId('import-error').textContent)
      .toBe('De import is gestopt omdat de server die hem uitvoerde stopte (een herstart of een crash), dus er is niets geïmporteerd. Importeer het bestand opnieuw.');
  });

  it('shows the skipped rows\' reasons in Dutch', async () => {
    stubFetch({
      'GET /api/imports/5/skipped': answer(skippedRowsSchema, { rows: [
        { line: 3, field: 'email', reason: 'a candidate with email a@b.nl already exists (skipped)', code: 'import_row_duplicate', params: { email: 'a@b.nl' } },
        { line: 4, field: 'email', reason: 'the candidate with this email changed during the import; import the row again', code: 'import_row_changed', params: null },
      ] }),
    });
    renderAt('/app/people', <ImportReport summary={{ ...failed, status: 'completed', error: null, errorCode: null, skipped: 2 }} />, { user: recruiter });
    const rows = await screen.findAllByTestId('skipped-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      '3E-mailEr bestaat al een kandidaat met e-mailadres a@b.nl (overgeslagen)',
      '4E-mailDe kandidaat met dit e-mailadres veranderde tijdens de import; importeer de rij opnieuw',
    ]);
  });
});

describe('a mail kept aside', () => {
  it('says why the candidate\'s reply was not threaded in Dutch', async () => {
    stubFetch({
      'POST /api/outbox/3/reply': () => jsonResponse(outboxReplyResultSchema.parse({
        status: 'unmatched', unmatchedId: 8, reason: 'Unknown sender pat@elsewhere.example and no reference to a sent message',
        code: 'unmatched.unknown_sender', params: { from: 'pat@elsewhere.example' },
      }), 202),
    });
    renderAt('/app/communications?tab=outbox', <OutboxReplyForm outboxId={3} />, { user: admin });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Yes please!' } });
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('Onbekende afzender pat@elsewhere.example en geen verwijzing naar een verstuurd bericht')).toBeTruthy();
  });
});

describe('a meeting\'s Teams link', () => {
  it('says it could not be made in Dutch, and Graph\'s own words as they are', () => {
    const failed = meetingSchema.parse(meeting(1, { teams: { state: 'failed', error: 'Teams link could not be created', code: 'teams.link_failed' } }));
    const graph = meetingSchema.parse(meeting(2, { teams: { state: 'failed', error: 'Microsoft Graph 500: Mailbox is busy' } }));
    renderAt('/app/meetings', <><TeamsStatus meeting={failed} /><TeamsStatus meeting={graph} /></>, { user: recruiter });
    expect(screen.getAllByTestId('teams-error').map((node) => node.textContent))
      .toEqual(['De Teams-link kon niet worden gemaakt', 'Microsoft Graph 500: Mailbox is busy']);
  });
});

describe('WhatsApp\'s template problems on Settings → Integrations', () => {
  it('says each problem in Dutch, the template\'s and setting\'s names as they are', async () => {
    stubFetch({
      'GET /api/settings/integrations': answer(integrationsSchema, { canSendTests: false, mailboxes: [], integrations: [{
        kind: 'whatsapp', name: 'WhatsApp', code: 'integrations.whatsapp.configured', status: 'configured', mode: 'WhatsApp Business Cloud API',
        summary: 'WhatsApp messages go out from this business number.', testable: true, notTestable: null, notTestableCode: null,
        details: [
          { label: 'Template problems', value: 'talentloop_intro (nl) has 2 parameters at Meta; WHATSAPP_TEMPLATES says 1',
            labelCode: 'integrations.details.templateProblems', valueCode: 'integrations.problems.parameters_at_meta',
            valueParams: { template: 'talentloop_intro (nl)', count: 2, configured: 1 } },
          { label: 'Template problems', value: "talentloop_ping (en) is not among the business account's templates at Meta",
            labelCode: 'integrations.details.templateProblems', valueCode: 'integrations.problems.not_at_meta',
            valueParams: { template: 'talentloop_ping (en)' } },
        ],
      }] }),
    });
    renderAt('/app/settings?tab=integrations', <IntegrationsPanel />, { user: admin });
    await waitFor(() => expect(screen.getAllByText(/talentloop_/)).toHaveLength(2));
    expect(screen.getByText('talentloop_intro (nl) heeft bij Meta 2 parameters; WHATSAPP_TEMPLATES zegt 1')).toBeTruthy();
    expect(screen.getByText('talentloop_ping (en) staat niet tussen de templates van het bedrijfsaccount bij Meta')).toBeTruthy();
  });
});

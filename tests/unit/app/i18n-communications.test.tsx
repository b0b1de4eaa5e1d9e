// @vitest-environment jsdom
// Communications in Dutch (issue 13): the page (inbox and an open thread), the compose dialog
// with a toast and a validation message, and the campaign wizard. English stays as it was
// (the other communications, compose, reply and wizard tests read it).
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllPanels, openPanel } from '#app/drawers/drawerStore.ts';
import { setInterfaceLanguage } from '#app/i18n/i18n.ts';
import { issueText } from '#app/i18n/serverText.ts';
import { messageFormSchema } from '#app/messaging/messageFormSchema.ts';
import { campaignFormSchema, CAMPAIGN_FORM_DEFAULTS } from '#app/messaging/campaignFormSchema.ts';
import { CommunicationsPage } from '#app/pages/CommunicationsPage.tsx';
import { GlobalPanels } from '#app/panels/GlobalPanels.tsx';
import { campaignGroupListSchema } from '#domain/messages/schemas.ts';
import { replyMessageSchema } from '#domain/messages/schemas.ts';
import { poolReachSchema } from '#domain/talent-pools/schemas.ts';
import { answer } from './answers.ts';
import {
  aiTemplate, aiTemplateList, campaignList, candidate, candidateList, message, outboxList, pool, poolList, reply, suggestion, suggestionList,
  thread, threadList, threadRead, threadSummary,
} from './messagingFixtures.ts';
import { renderPage } from './renderInRouter.tsx';
import { recruiter, renderAt, stubFetch } from './renderWithProviders.tsx';

afterEach(async () => {
  act(() => { closeAllPanels(); notifications.clean(); });
  vi.unstubAllGlobals();
  await setInterfaceLanguage('en');
  localStorage.clear();
});

const waiting = threadSummary({
  threadId: 40, subject: 'Coffee next week?', messageCount: 2, unreadCount: 1, sentiment: 'positive', needsReply: true,
  candidate: { id: 7, name: 'Anna de Vries' },
  lastMessage: { id: 41, content: 'Sounds great, Tuesday works.', direction: 'in', status: 'received', channel: 'email', createdAt: '2026-03-06T10:00:00.000Z' },
});
const thread40 = thread([
  message(40, { subject: 'Coffee next week?', content: 'Hi Anna, coffee?', threadId: 40 }),
  reply(41, { subject: 'Re: Coffee next week?', content: 'Sounds great, Tuesday works.', threadId: 40, originalMessageId: 40 }),
]);

describe('communications in Dutch', () => {
  it('shows the page, the inbox and an open thread in Dutch; the API\'s words stay as they are', async () => {
    await setInterfaceLanguage('nl');
    stubFetch({
      'GET /api/messages': threadList([waiting]),
      'GET /api/messages/campaign-groups': answer(campaignGroupListSchema, { groups: [] }),
      'GET /api/messages/40/thread': thread40,
      'POST /api/messages/41/read': threadRead(40),
      'GET /api/campaigns': campaignList([]),
      'GET /api/outbox': outboxList([]),
    });
    await renderPage('/app/communications?thread=40', <CommunicationsPage />, { user: recruiter });

    expect(screen.getByRole('heading', { level: 1, name: 'Communicatie' })).toBeTruthy();
    expect(document.title).toContain('Communicatie');
    expect(screen.getByRole('button', { name: 'Bericht opstellen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nieuwe campagne' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Berichten', 'Campagnes', 'Dev-outbox']));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Wacht op antwoord' }).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'Alle' })).toBeTruthy();
    expect(screen.getByLabelText('Sentiment', { selector: 'input' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Alle kandidaten')).toBeTruthy();

    const row = await screen.findByTestId('thread-row-40');
    expect(within(row).getByTestId('needs-reply-badge').textContent).toBe('Wacht op antwoord');
    expect(within(row).getByTestId('unread-badge').textContent).toBe('1 ongelezen');
    expect(within(row).getByTestId('sentiment-badge').textContent).toBe('Positief');
    expect(within(row).getByText('Sounds great, Tuesday works.')).toBeTruthy();

    const view = await screen.findByTestId('thread-view');
    expect(within(view).getByRole('button', { name: 'Afhandelen' })).toBeTruthy();
    expect(within(view).getByRole('button', { name: 'Beantwoorden' })).toBeTruthy();
    expect(within(view).getByText('Jij')).toBeTruthy();
    expect(within(view).getByText('verstuurd')).toBeTruthy();
    // The subject and the candidate's words are the API's.
    expect(within(view).getByRole('heading', { name: 'Coffee next week?' })).toBeTruthy();
    expect(within(view).getByText('Hi Anna, coffee?')).toBeTruthy();
    // Dates in Dutch (i18n/format.ts).
    expect(within(view).getAllByText(/ om \d\d:\d\d/).length).toBeGreaterThan(0);
  });

  it('shows the compose dialog in Dutch, with its validation messages and a toast', async () => {
    await setInterfaceLanguage('nl');
    stubFetch({
      'GET /api/candidates': candidateList([candidate(1, { name: 'Anna de Vries', email: 'anna@example.com' })]),
      'GET /api/talent-pools': poolList([pool(1, 'Frontend', 1)]),
      'GET /api/ai-templates': aiTemplateList([aiTemplate('nurture-checkin', 'Career Check-in')]),
    });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('compose'));
    const dialog = screen.getByRole('dialog', { name: 'Bericht opstellen' });
    expect(within(dialog).getByText('Stuur een bericht naar een kandidaat of talentpool')).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: 'Eén kandidaat' })).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: 'Talentpool' })).toBeTruthy();
    expect(within(dialog).getByText('AI-assistent')).toBeTruthy();
    // The AI draft's language keeps its own choice; only its labels are Dutch.
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Engels' }).checked).toBe(true);
    expect(within(dialog).getByRole('radio', { name: 'Nederlands' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Genereren' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Annuleren' })).toBeTruthy();

    // Generate without a template or prompt: a Dutch toast.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Genereren' }));
    expect(await screen.findByText('Gegevens ontbreken')).toBeTruthy();
    expect(screen.getByText('Kies een AI-sjabloon en vul een prompt in.')).toBeTruthy();

    // Send with nothing filled in: the shared schema's rules, in Dutch.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bericht versturen' }));
    expect(await within(dialog).findByText('Een e-mail heeft een onderwerp nodig')).toBeTruthy();
    expect(within(dialog).getByText('Vul het bericht in')).toBeTruthy();
  });

  it('shows the campaign wizard in Dutch', async () => {
    await setInterfaceLanguage('nl');
    const fetchMock = stubFetch({
      'GET /api/talent-pools': poolList([pool(1, 'Frontend', 40)]),
      'GET /api/ai-templates': aiTemplateList([aiTemplate('nurture-checkin', 'Career Check-in')]),
      'GET /api/ai-templates/suggestions/nurture': suggestionList([suggestion(1, 'nurture-checkin', 'Career Check-in', 'A friendly check-in')]),
      'GET /api/talent-pools/1/reach': answer(poolReachSchema, { eligible: 40, byWhatsApp: 0, skipped: [] }),
    });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('campaign'));
    const wizard = screen.getByRole('dialog', { name: 'Campagne maken' });
    for (const label of ['Basisgegevens', 'Inhoud', 'Lanceren']) expect(within(wizard).getByText(label)).toBeTruthy();
    for (const type of ['Nurturecampagne', 'Vacaturemelding', 'Opvolgcampagne', 'Evenementuitnodiging']) {
      expect(within(wizard).getByText(type)).toBeTruthy();
    }
    expect(within(wizard).getByText('Blijf in contact met passieve kandidaten.')).toBeTruthy();
    expect(within(wizard).getByRole<HTMLButtonElement>('button', { name: 'Volgende' }).disabled).toBe(true);

    // A name left empty: the rule's message in Dutch.
    fireEvent.click(within(wizard).getByTestId('campaign-type-nurture'));
    const name = within(wizard).getByLabelText<HTMLInputElement>(/^Naam van de campagne/, { selector: 'input' });
    // The default name is stored with the campaign and stays English (campaignTypes.ts).
    expect(name.value).toMatch(/^Nurture Campaign - /);
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.blur(name);
    expect(await within(wizard).findByText('Vul een naam voor de campagne in')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Voorjaar' } });

    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/talent-pools')).toBe(true));
    fireEvent.click(within(wizard).getByLabelText(/^Talentpool/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Frontend (40)' }));
    fireEvent.click(within(wizard).getByRole('button', { name: 'Volgende' }));

    expect(await within(wizard).findByText('AI-sjablonen')).toBeTruthy();
    expect(within(wizard).getByRole<HTMLInputElement>('radio', { name: 'Nederlands' }).checked).toBe(true);
    expect(within(wizard).getByLabelText(/^Onderwerp van de e-mail/, { selector: 'input' })).toBeTruthy();
    expect(within(wizard).getByRole('button', { name: 'Opvolgmail toevoegen' })).toBeTruthy();
    // The default Dutch subject has {{industry}} to fill: the gating text is Dutch too.
    expect(within(wizard).getByText('Vul de placeholders in')).toBeTruthy();
    expect(within(wizard).getByText('Eerste e-mail: vervang {{industry}}')).toBeTruthy();
    fireEvent.click(within(wizard).getByRole('button', { name: 'Opvolgmail toevoegen' }));
    expect(await within(wizard).findByText('Opvolgmail 1 · 3 dagen na de vorige stap')).toBeTruthy();
    expect(within(wizard).getByRole('button', { name: 'Opvolgmail 1 verwijderen' })).toBeTruthy();
  });
});

describe('validation texts', () => {
  it('the shared schemas say the spec\'s words as codes, shown in the interface\'s language', async () => {
    const compose = messageFormSchema.safeParse({
      recipientType: 'individual', candidateId: 1, talentPoolId: null, channel: 'email', subject: '', content: '',
      allowWhatsAppReplies: true, selectedTemplate: 'manual', aiPrompt: '', language: 'english',
    });
    const campaign = campaignFormSchema.safeParse({ ...CAMPAIGN_FORM_DEFAULTS, followUps: [{ delayDays: 0, businessDaysOnly: false, subject: '', content: '', selectedTemplate: '' }] });
    const replied = replyMessageSchema.safeParse({ content: ' ', originalMessageId: 1 });
    const messages = [compose, campaign, replied].flatMap((result) => result.error?.issues.map((issue) => issue.message) ?? []);
    const english = messages.map((message) => issueText(message));
    for (const text of [
      'Subject is required for email messages', 'Message content is required', 'Campaign type is required', 'Campaign name is required',
      'Talent pool is required', 'Email subject is required', 'Email content is required', 'Reply content is required',
      'delayDays must be a whole number of days from 1 to 180',
    ]) {
      expect(english).toContain(text);
    }
    // A text that is no code (one the page set itself) shows as it is.
    expect(issueText('Something else')).toBe('Something else');
    expect(issueText(undefined)).toBeUndefined();
    await setInterfaceLanguage('nl');
    const dutch = messages.map((message) => issueText(message));
    expect(dutch).toContain('Vul een naam voor de campagne in');
    expect(dutch).toContain('Vul een heel aantal dagen in, van 1 tot 180');
    expect(dutch.filter((text) => english.includes(text ?? ''))).toEqual([]);
  });
});

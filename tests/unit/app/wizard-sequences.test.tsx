// @vitest-environment jsdom
// The campaign wizard's sequences (issue 12): follow-ups on the Content step, the
// placeholder gating of "Next", the send window and "join late", and the Launch
// step's recipient count with a confirmation before launching to no one.
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllPanels, openPanel } from '#app/drawers/drawerStore.ts';
import { GlobalPanels } from '#app/panels/GlobalPanels.tsx';
import { newCampaignSchema } from '#domain/campaigns/schemas.ts';
import { MAX_FOLLOW_UPS } from '#domain/campaigns/sequence-schemas.ts';
import { poolReachSchema, type PoolReach } from '#domain/talent-pools/schemas.ts';
import { actAsync, jsonResponse, recruiter, sentJson, stubFetch } from './renderWithProviders.tsx';
import { renderPage } from './renderInRouter.tsx';
import { answer, failure } from './answers.ts';
import {
  aiTemplate, aiTemplateList, createdCampaign, generation, pool, poolList, suggestion, suggestionList,
} from './messagingFixtures.ts';

afterEach(() => {
  act(() => { closeAllPanels(); notifications.clean(); });
  vi.unstubAllGlobals();
});

const REACH: PoolReach = { eligible: 37, byWhatsApp: 0, skipped: [{ reason: 'No email address on file', count: 2 }, { reason: 'Candidate unsubscribed', count: 1 }] };

function stubApi(extra: Record<string, unknown> = {}, reach: PoolReach = REACH) {
  return stubFetch({
    'GET /api/talent-pools': poolList([pool(1, 'Frontend', 40)]),
    'GET /api/ai-templates': aiTemplateList([aiTemplate('nurture-checkin', 'Career Check-in')]),
    'GET /api/ai-templates/suggestions/nurture': suggestionList([suggestion(1, 'nurture-checkin', 'Career Check-in', 'A friendly check-in')]),
    'GET /api/talent-pools/1/reach': answer(poolReachSchema, reach),
    'POST /api/campaigns': () => jsonResponse(createdCampaign(9), 201),
    ...extra,
  });
}

const wizard = () => screen.getByRole('dialog', { name: 'Create campaign' });
const button = (name: string | RegExp, within_ = wizard()) => within(within_).getByRole<HTMLButtonElement>('button', { name });
const field = (label: RegExp, scope: HTMLElement = wizard()) => within(scope).getByLabelText<HTMLInputElement>(label, { selector: 'input, textarea' });
const followUp = (n: number) => within(wizard()).getByTestId(`follow-up-${n}`);
const posts = (fetchMock: ReturnType<typeof stubFetch>, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === 'POST').map(([, init]) => sentJson(init));

/** Step 1 done and on Content with a subject and content without blanks. */
async function toContent(fetchMock: ReturnType<typeof stubFetch>) {
  await renderPage('/app', <GlobalPanels />, { user: recruiter });
  act(() => openPanel('campaign'));
  fireEvent.click(within(wizard()).getByTestId('campaign-type-nurture'));
  await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/talent-pools')).toBe(true));
  fireEvent.click(field(/^Talent pool/));
  fireEvent.click(await screen.findByRole('option', { name: 'Frontend (40)' }));
  fireEvent.click(button('Next'));
  fireEvent.change(field(/^Email subject/), { target: { value: 'Hoe gaat het?' } });
  fireEvent.change(field(/^Email content/), { target: { value: 'Hoi {{firstName}}!' } });
}

describe('campaign wizard: follow-ups', () => {
  it('adds follow-ups with a delay, business days, a "Re:" subject and content; removes them; at most MAX_FOLLOW_UPS', async () => {
    const fetchMock = stubApi();
    await toContent(fetchMock);
    expect(within(wizard()).queryByTestId('follow-up-1')).toBeNull();
    fireEvent.click(button('Add follow-up'));

    const first = followUp(1);
    expect(within(first).getByText('Follow-up 1 · 3 days after the previous step')).toBeTruthy();
    expect(field(/^Days after the previous step/, first).value).toBe('3');
    expect(field(/^Follow-up subject/, first).placeholder).toBe('Re: Hoe gaat het?');
    expect(within(first).getByText('Leave empty to reply in the same thread: Re: Hoe gaat het?')).toBeTruthy();
    // The new follow-up's first field has the focus (keyboard users go on typing there).
    expect(document.activeElement).toBe(field(/^Days after the previous step/, first));

    fireEvent.click(within(first).getByLabelText('Business days only'));
    fireEvent.change(field(/^Days after the previous step/, first), { target: { value: '5' } });
    expect(within(first).getByText('Follow-up 1 · 5 business days after the previous step')).toBeTruthy();
    // Without content the follow-up holds Next back, saying why.
    expect(button('Next').disabled).toBe(true);
    expect(within(wizard()).getByTestId('next-blocked-reason').textContent).toBe('Follow-up 1: Email content is required');
    fireEvent.change(field(/^Follow-up content/, first), { target: { value: 'Nog even terugkomen, {{firstName}}.' } });
    expect(button('Next').disabled).toBe(false);

    for (let n = 2; n <= MAX_FOLLOW_UPS; n++) fireEvent.click(button('Add follow-up'));
    expect(button('Add follow-up').disabled).toBe(true);
    expect(within(wizard()).getByText(`At most ${MAX_FOLLOW_UPS} follow-ups`)).toBeTruthy();
    // Each default subject is "Re: " + the previous one, once ("Re: Re:" never).
    expect(field(/^Follow-up subject/, followUp(3)).placeholder).toBe('Re: Hoe gaat het?');
    fireEvent.change(field(/^Follow-up subject/, followUp(2)), { target: { value: 'Laatste kans' } });
    expect(field(/^Follow-up subject/, followUp(3)).placeholder).toBe('Re: Laatste kans');

    for (let n = MAX_FOLLOW_UPS; n >= 2; n--) fireEvent.click(button(`Remove follow-up ${n}`));
    expect(within(wizard()).queryByTestId('follow-up-2')).toBeNull();
    expect(document.activeElement).toBe(button('Add follow-up'));
    expect(button('Add follow-up').disabled).toBe(false);

    fireEvent.click(button('Next'));
    expect(within(wizard()).getByTestId('campaign-summary').textContent).toContain('5 business days after the previous step: Re: Hoe gaat het?');
    fireEvent.click(button('Launch campaign'));
    await screen.findByText('Campaign Created Successfully!');
    const [body] = posts(fetchMock, '/api/campaigns');
    expect(body.steps).toEqual([{ delayDays: 5, businessDaysOnly: true, subject: 'Re: Hoe gaat het?', content: 'Nog even terugkomen, {{firstName}}.' }]);
    expect(body).not.toHaveProperty('sendWindow');
    expect(body).not.toHaveProperty('joinLate');
    expect(newCampaignSchema.safeParse(body).error?.issues).toBeUndefined();
  });

  it('a follow-up\'s "required" goes as soon as its content is typed, not only when the field is left', async () => {
    const fetchMock = stubApi();
    await toContent(fetchMock);
    fireEvent.click(button('Add follow-up'));
    // Leaving the delay checks the follow-up as a whole: its empty content is named.
    fireEvent.blur(field(/^Days after the previous step/, followUp(1)));
    expect(await within(followUp(1)).findByText('Email content is required')).toBeTruthy();
    fireEvent.change(field(/^Follow-up content/, followUp(1)), { target: { value: 'Any news?' } });
    await waitFor(() => expect(within(followUp(1)).queryByText('Email content is required')).toBeNull());
  });

  it('drafts a follow-up with the AI template cards: only its content, with the first email as context', async () => {
    const fetchMock = stubApi({
      'POST /api/ai-content/generate': () => jsonResponse(generation({ subject: 'Something else', content: 'Hoi {{firstName}}, nog interesse?', templateName: 'Career Check-in' })),
    });
    await toContent(fetchMock);
    fireEvent.click(button('Add follow-up'));
    fireEvent.click(await within(followUp(1)).findByTestId('template-card-nurture-checkin'));
    await waitFor(() => expect(field(/^Follow-up content/, followUp(1)).value).toBe('Hoi {{firstName}}, nog interesse?'));
    expect(await screen.findByText('Content Generated')).toBeTruthy();
    expect(field(/^Email subject/).value).toBe('Hoe gaat het?');
    expect(field(/^Email content/).value).toBe('Hoi {{firstName}}!');
    expect(field(/^Follow-up subject/, followUp(1)).value).toBe('');
    expect(within(followUp(1)).getByTestId('template-card-nurture-checkin').getAttribute('aria-pressed')).toBe('true');
    const [sent] = posts(fetchMock, '/api/ai-content/generate');
    expect(sent).toMatchObject({ templateId: 'nurture-checkin', language: 'dutch' });
    expect(sent.additionalContext).toContain('Follow-up 1, sent 3 days after the previous step');
    expect(sent.additionalContext).toContain('Hoi {{firstName}}!');
  });

  it('a failed follow-up draft puts the draft text in that follow-up only', async () => {
    const fetchMock = stubApi({ 'POST /api/ai-content/generate': () => jsonResponse(failure({ error: 'down', success: false }), 502) });
    await toContent(fetchMock);
    fireEvent.click(button('Add follow-up'));
    fireEvent.click(await within(followUp(1)).findByTestId('template-card-nurture-checkin'));
    expect(await screen.findByText('Content Generation Failed')).toBeTruthy();
    expect(field(/^Follow-up content/, followUp(1)).value).toContain('Hoi {{firstName}}');
    expect(field(/^Email content/).value).toBe('Hoi {{firstName}}!');
  });
});

describe('campaign wizard: placeholders keep Next disabled', () => {
  it('lists the blanks of the first email and each follow-up, with the reason next to Next', async () => {
    const fetchMock = stubApi();
    await toContent(fetchMock);
    fireEvent.change(field(/^Email subject/), { target: { value: 'Nieuwe kansen in {{industry}}' } });
    fireEvent.click(button('Add follow-up'));
    fireEvent.change(field(/^Follow-up content/, followUp(1)), { target: { value: 'Kom je naar {{eventName}} bij {{company}}?' } });

    const list = within(wizard()).getByTestId('placeholders-to-fill');
    expect(within(list).getByText('First email: replace {{industry}}')).toBeTruthy();
    expect(within(list).getByText('Follow-up 1: replace {{eventName}}, {{company}}')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
    const reason = within(wizard()).getByTestId('next-blocked-reason');
    expect(reason.textContent).toBe('First email: fill in {{industry}}');
    expect(button('Next').getAttribute('aria-describedby')).toBe(reason.id);

    fireEvent.change(field(/^Email subject/), { target: { value: 'Nieuwe kansen in fintech' } });
    expect(within(wizard()).getByTestId('next-blocked-reason').textContent).toBe('Follow-up 1: fill in {{eventName}}, {{company}}');
    fireEvent.change(field(/^Follow-up content/, followUp(1)), { target: { value: 'Kom je naar de meetup bij Acme?' } });
    expect(within(wizard()).queryByTestId('placeholders-to-fill')).toBeNull();
    expect(within(wizard()).queryByTestId('next-blocked-reason')).toBeNull();
    expect(button('Next').disabled).toBe(false);
  });

  it('a candidate\'s own placeholders and the sender\'s name do not block', async () => {
    const fetchMock = stubApi();
    await toContent(fetchMock);
    fireEvent.change(field(/^Email content/), { target: { value: 'Hoi {{firstName}}, {{jobFunction}} in {{location}}? {{bookingLink}}\n{{recruiterName}}' } });
    expect(within(wizard()).queryByTestId('placeholders-to-fill')).toBeNull();
    expect(button('Next').disabled).toBe(false);
  });
});

describe('campaign wizard: Launch step', () => {
  it('shows who will receive it now and who is skipped and why', async () => {
    const fetchMock = stubApi();
    await toContent(fetchMock);
    fireEvent.click(button('Next'));
    const reach = await within(wizard()).findByTestId('campaign-reach');
    expect(within(reach).getByText('37 candidates will receive it tomorrow at 9:00 AM')).toBeTruthy();
    expect(within(reach).getByText('3 candidates skipped:')).toBeTruthy();
    expect(within(reach).getByText('No email address on file: 2')).toBeTruthy();
    expect(within(reach).getByText('Candidate unsubscribed: 1')).toBeTruthy();
    fireEvent.click(button('Launch campaign'));
    await screen.findByText('Campaign Created Successfully!');
  });

  it('asks before launching to 0 eligible recipients', async () => {
    const fetchMock = stubApi({}, { eligible: 0, byWhatsApp: 0, skipped: [{ reason: 'Candidate has not consented to email', count: 4 }] });
    await toContent(fetchMock);
    fireEvent.click(button('Next'));
    expect(await within(wizard()).findByText('0 candidates will receive it tomorrow at 9:00 AM')).toBeTruthy();
    fireEvent.click(button('Launch campaign'));
    const confirm = within(wizard()).getByTestId('confirm-empty-launch');
    expect(posts(fetchMock, '/api/campaigns')).toHaveLength(0);
    expect(document.activeElement).toBe(button('Launch anyway', confirm));

    fireEvent.click(button("Don't launch", confirm));
    expect(within(wizard()).queryByTestId('confirm-empty-launch')).toBeNull();
    expect(posts(fetchMock, '/api/campaigns')).toHaveLength(0);

    fireEvent.click(button('Launch campaign'));
    await actAsync(() => { fireEvent.click(button('Launch anyway', within(wizard()).getByTestId('confirm-empty-launch'))); });
    await screen.findByText('Campaign Created Successfully!');
    expect(posts(fetchMock, '/api/campaigns')).toHaveLength(1);
  });

  it('a Launch before the count has come waits for it, and still asks when it is 0', async () => {
    let answerReach!: (response: Response) => void;
    const fetchMock = stubApi({ 'GET /api/talent-pools/1/reach': () => new Promise<Response>((resolve) => { answerReach = resolve; }) });
    await toContent(fetchMock);
    fireEvent.click(button('Next'));
    expect(within(wizard()).getByText('Counting recipients...')).toBeTruthy();
    fireEvent.click(button('Launch campaign'));
    await actAsync(() => answerReach(jsonResponse(answer(poolReachSchema, { eligible: 0, byWhatsApp: 0, skipped: [] }))));
    expect(await within(wizard()).findByTestId('confirm-empty-launch')).toBeTruthy();
    expect(posts(fetchMock, '/api/campaigns')).toHaveLength(0);
  });

  it('sends the send window and "join late" only when chosen; a window ending before it starts holds Launch back', async () => {
    const fetchMock = stubApi();
    await toContent(fetchMock);
    fireEvent.click(button('Next'));
    const options = within(wizard()).getByTestId('send-options');
    const windowBox = within(options).getByLabelText<HTMLInputElement>('Send between 9:00 AM and 11:00 AM');
    expect(windowBox.checked).toBe(false);
    expect(within(options).getByLabelText<HTMLInputElement>('Candidates added to the pool later join this campaign').checked).toBe(false);
    fireEvent.click(windowBox);
    expect(within(options).getByLabelText<HTMLInputElement>('Weekdays only').checked).toBe(true);
    expect(within(options).getByLabelText<HTMLInputElement>("In each candidate's time zone").checked).toBe(true);

    fireEvent.change(field(/^Until/, options), { target: { value: '08:30' } });
    expect(within(options).getByText('The send window must end after it starts')).toBeTruthy();
    expect(button('Launch campaign').disabled).toBe(true);
    fireEvent.change(field(/^Until/, options), { target: { value: '10:30' } });
    expect(button('Launch campaign').disabled).toBe(false);
    fireEvent.click(within(options).getByLabelText('Weekdays only'));
    fireEvent.click(within(options).getByLabelText('Candidates added to the pool later join this campaign'));

    fireEvent.click(button('Launch campaign'));
    await screen.findByText('Campaign Created Successfully!');
    const [body] = posts(fetchMock, '/api/campaigns');
    expect(body.sendWindow).toEqual({ start: '09:00', end: '10:30', weekdaysOnly: false, candidateTimeZone: true });
    expect(body.joinLate).toBe(true);
    expect(body).not.toHaveProperty('steps');
    expect(newCampaignSchema.safeParse(body).error?.issues).toBeUndefined();
  });
});

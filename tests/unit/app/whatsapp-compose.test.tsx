// @vitest-environment jsdom
// Issue 14 in the compose dialog: WhatsApp for one candidate, what applies before sending (the 24-hour
// window: a text; outside it: an approved template), and why it cannot be sent.
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllPanels, getDrawerState, openPanel } from '#app/drawers/drawerStore.ts';
import { GlobalPanels } from '#app/panels/GlobalPanels.tsx';
import { whatsappChannelSchema } from '#domain/whatsapp/schemas.ts';
import { jsonResponse, recruiter, renderAt, sentJson, stubFetch } from './renderWithProviders.tsx';
import { answer } from './answers.ts';
import { aiTemplateList, candidate, candidateList, poolList, pool, sentMessage } from './messagingFixtures.ts';

afterEach(() => {
  act(() => { closeAllPanels(); notifications.clean(); });
  vi.unstubAllGlobals();
});

const candidates = [
  candidate(3, { name: 'Sanne Bakker', whatsappNumber: '+31612345678' }),
  candidate(4, { name: 'No WhatsApp', whatsappNumber: '+31612345679', allowsWhatsapp: false }),
  candidate(5, { name: 'No Number', whatsappNumber: null, phone: null }),
];
const templates = [{ name: 'job_update', language: 'en' as const, parameters: 2 }, { name: 'vacature_update', language: 'nl' as const, parameters: 0 }];

function channel(overrides: Partial<z.input<typeof whatsappChannelSchema>> = {}) {
  return answer(whatsappChannelSchema, {
    configured: true, allowed: true, number: '+31612345678', blockers: [],
    window: { open: true, closesAt: '2026-03-06T10:00:00.000Z', lastInboundAt: '2026-03-05T10:00:00.000Z' },
    mode: 'text', reason: null, templates, ...overrides,
  });
}
const outsideWindowFields = {
  window: { open: false, closesAt: '2026-03-02T10:00:00.000Z', lastInboundAt: '2026-03-01T10:00:00.000Z' },
  mode: 'template', reason: "Outside WhatsApp's 24-hour window: only an approved template can be sent",
} as const;
const outsideWindow = channel(outsideWindowFields);

function stubApi(routes: Record<string, unknown>) {
  return stubFetch({
    'GET /api/candidates': candidateList(candidates),
    'GET /api/talent-pools': poolList([pool(1, 'Frontend', 3)]),
    'GET /api/ai-templates': aiTemplateList([]),
    ...routes,
  });
}

const dialog = () => screen.getByRole('dialog', { name: 'Compose Message' });
const posts = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

async function openOnWhatsApp(candidateId: number) {
  act(() => openPanel('compose', { candidateId }));
  fireEvent.click(within(dialog()).getByLabelText('WhatsApp', { selector: 'input[type=radio]' }));
  // The spec's submit checks read the candidate list: wait until it is there (the locked select names them).
  const name = candidates.find((c) => c.id === candidateId)!.name;
  await waitFor(() => expect(within(dialog()).getByTestId<HTMLInputElement>('compose-candidate-select').value).toContain(name));
  return within(dialog()).findByTestId('whatsapp-note');
}

describe('compose by WhatsApp', () => {
  it('inside the window: a free text (when the window closes shown), no subject, sent with channel whatsapp', async () => {
    const fetchMock = stubApi({
      'GET /api/candidates/3/whatsapp': channel(),
      'POST /api/candidates/3/messages': () => jsonResponse(sentMessage(90, { channel: 'whatsapp', subject: null }), 201),
    });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    const note = await openOnWhatsApp(3);
    expect(note.getAttribute('data-mode')).toBe('text');
    expect(within(note).getByText('Inside the 24-hour window: a free text message')).toBeTruthy();
    expect(within(note).getByText(/The window closes Mar 6, 2026/)).toBeTruthy();
    expect(within(dialog()).queryByLabelText('Subject', { exact: false, selector: 'input' })).toBeNull();
    expect(within(dialog()).queryByLabelText('Allow WhatsApp replies')).toBeNull();

    fireEvent.change(within(dialog()).getByLabelText(/^Message/, { selector: 'textarea' }), { target: { value: 'Hoi Sanne, nog interesse?' } });
    fireEvent.click(within(dialog()).getByTestId('compose-send'));
    expect(await screen.findByText('Message Sent')).toBeTruthy();
    expect(sentJson(posts(fetchMock)[0][1])).toEqual({ content: 'Hoi Sanne, nog interesse?', channel: 'whatsapp', platform: 'whatsapp' });
    expect(getDrawerState().compose.open).toBe(false);
  });

  it('outside the window: only an approved template, every parameter required, sent as whatsappTemplate', async () => {
    const fetchMock = stubApi({
      'GET /api/candidates/3/whatsapp': outsideWindow,
      'POST /api/candidates/3/messages': () => jsonResponse(sentMessage(91, { channel: 'whatsapp', subject: null }), 201),
    });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    const note = await openOnWhatsApp(3);
    expect(note.getAttribute('data-mode')).toBe('template');
    expect(within(note).getByText('Outside the 24-hour window: only an approved template')).toBeTruthy();
    // No free text outside the window.
    expect(within(dialog()).queryByLabelText(/^Message/, { selector: 'textarea' })).toBeNull();

    fireEvent.click(within(dialog()).getByTestId('compose-send'));
    expect(await within(dialog()).findByText('Choose an approved template')).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(0);

    fireEvent.click(within(dialog()).getByLabelText('WhatsApp template', { exact: false, selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'job_update (English)' }));
    const first = within(dialog()).getByLabelText('Parameter 1', { exact: false, selector: 'input' });
    fireEvent.change(first, { target: { value: 'Sanne' } });
    fireEvent.click(within(dialog()).getByTestId('compose-send'));
    expect(await within(dialog()).findByText('A template parameter cannot be empty')).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(0);

    fireEvent.change(within(dialog()).getByLabelText('Parameter 2', { exact: false, selector: 'input' }), { target: { value: 'Senior developer' } });
    fireEvent.click(within(dialog()).getByTestId('compose-send'));
    expect(await screen.findByText('Message Sent')).toBeTruthy();
    expect(sentJson(posts(fetchMock)[0][1])).toEqual({
      channel: 'whatsapp', platform: 'whatsapp', whatsappTemplate: { name: 'job_update', language: 'en', parameters: ['Sanne', 'Senior developer'] },
    });
  });

  it('shows the template as the candidate will read it, filled as the parameters are typed, and warns when Meta has not approved it', async () => {
    stubApi({
      'GET /api/candidates/3/whatsapp': channel({
        ...outsideWindowFields,
        templates: [
          { name: 'job_update', language: 'en', parameters: 2, status: 'APPROVED', body: 'Hi {{1}}, {{2}} at Talentloop could suit you.' },
          { name: 'vacature_update', language: 'nl', parameters: 0, status: 'PENDING', body: 'Er is een nieuwe vacature.' },
        ],
      }),
    });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    await openOnWhatsApp(3);
    fireEvent.click(within(dialog()).getByLabelText('WhatsApp template', { exact: false, selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'job_update (English)' }));
    const preview = await within(dialog()).findByTestId('whatsapp-template-preview');
    expect(within(preview).getByText('What the candidate reads')).toBeTruthy();
    expect(within(preview).getByText('Hi {{1}}, {{2}} at Talentloop could suit you.')).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText('Parameter 1', { exact: false, selector: 'input' }), { target: { value: 'Sanne' } });
    fireEvent.change(within(dialog()).getByLabelText('Parameter 2', { exact: false, selector: 'input' }), { target: { value: 'Senior developer' } });
    expect(within(preview).getByText('Hi Sanne, Senior developer at Talentloop could suit you.')).toBeTruthy();
    expect(within(dialog()).queryByTestId('whatsapp-template-status')).toBeNull();

    fireEvent.click(within(dialog()).getByLabelText('WhatsApp template', { exact: false, selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'vacature_update (Dutch)' }));
    expect((await within(dialog()).findByTestId('whatsapp-template-status')).textContent)
      .toBe('Meta lists this template as PENDING: it can only be sent once it is approved.');
    expect(within(within(dialog()).getByTestId('whatsapp-template-preview')).getByText('Er is een nieuwe vacature.')).toBeTruthy();
  });

  it('without the template\'s text from Meta, shows no preview', async () => {
    stubApi({ 'GET /api/candidates/3/whatsapp': outsideWindow });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    await openOnWhatsApp(3);
    fireEvent.click(within(dialog()).getByLabelText('WhatsApp template', { exact: false, selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'job_update (English)' }));
    expect(await within(dialog()).findByLabelText('Parameter 1', { exact: false, selector: 'input' })).toBeTruthy();
    expect(within(dialog()).queryByTestId('whatsapp-template-preview')).toBeNull();
  });

  it('not configured: says "WhatsApp not configured" and sends nothing', async () => {
    const fetchMock = stubApi({
      'GET /api/candidates/3/whatsapp': channel({ configured: false, allowed: false, mode: null, reason: 'WhatsApp not configured', templates: [] }),
    });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    const note = await openOnWhatsApp(3);
    expect(note.getAttribute('data-mode')).toBe('blocked');
    expect(within(note).getByText('WhatsApp not configured')).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText(/^Message/, { selector: 'textarea' }), { target: { value: 'Hoi' } });
    fireEvent.click(within(dialog()).getByTestId('compose-send'));
    expect(await screen.findByText('Cannot Send by WhatsApp')).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('no consent: the reason, and the spec\'s "WhatsApp Not Allowed" on send', async () => {
    const fetchMock = stubApi({
      'GET /api/candidates/4/whatsapp': channel({ allowed: false, mode: null, blockers: ['no_whatsapp_consent'], reason: 'Candidate has not consented to WhatsApp' }),
    });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    const note = await openOnWhatsApp(4);
    expect(within(note).getByText('Candidate has not consented to WhatsApp')).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText(/^Message/, { selector: 'textarea' }), { target: { value: 'Hoi' } });
    fireEvent.click(within(dialog()).getByTestId('compose-send'));
    expect(await screen.findByText('WhatsApp Not Allowed')).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('no number: the spec\'s "No WhatsApp Number"', async () => {
    const fetchMock = stubApi({
      'GET /api/candidates/5/whatsapp': channel({ allowed: false, mode: null, number: null, blockers: ['no_whatsapp_number'], reason: 'No WhatsApp number or phone on file' }),
    });
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    const note = await openOnWhatsApp(5);
    expect(within(note).getByText('No WhatsApp number or phone on file')).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText(/^Message/, { selector: 'textarea' }), { target: { value: 'Hoi' } });
    fireEvent.click(within(dialog()).getByTestId('compose-send'));
    expect(await screen.findByText('No WhatsApp Number')).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(0);
  });
});

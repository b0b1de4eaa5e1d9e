// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assignLocation, replaceLocation } from '#app/lib/browserNavigation.ts';
import { useCurrentUser } from '#app/session/CurrentUser.tsx';
import { SessionGate } from '#app/session/SessionGate.tsx';
import { meSchema } from '#domain/auth/schemas.ts';
import { answer, failure } from './answers.ts';
import { jsonResponse, recruiter, renderAt, stubFetch } from './renderWithProviders.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(assignLocation).mockClear();
  vi.mocked(replaceLocation).mockClear();
});

function Hello() {
  return <p>Hello {useCurrentUser().username}</p>;
}

describe('<SessionGate>', () => {
  it('shows a spinner while the session loads, then the app', async () => {
    let respond!: (response: Response) => void;
    stubFetch({ 'GET /api/auth/me': () => new Promise<Response>((resolve) => { respond = resolve; }) });
    renderAt('/app', <SessionGate><Hello /></SessionGate>);
    expect(screen.getByLabelText('Loading')).toBeTruthy();
    respond(jsonResponse(answer(meSchema, { user: recruiter })));
    expect(await screen.findByText('Hello rita')).toBeTruthy();
    expect(screen.queryByLabelText('Loading')).toBeNull();
  });

  it('sends a signed-out visitor to /login with next = path and query', async () => {
    stubFetch({ 'GET /api/auth/me': () => jsonResponse(failure({ error: 'Not signed in' }), 401) });
    renderAt('/app/people?pool=3', <SessionGate><Hello /></SessionGate>);
    await waitFor(() => expect(replaceLocation).toHaveBeenCalledWith('/login?next=%2Fapp%2Fpeople%3Fpool%3D3'));
    expect(screen.getByLabelText('Loading')).toBeTruthy();
    expect(screen.queryByText(/Hello/)).toBeNull();
  });

  it('sends a half-signed-in visitor to /verify-2fa', async () => {
    stubFetch({
      'GET /api/auth/me': () => jsonResponse(failure({ error: 'Two-factor authentication required', requiresTwoFactor: true }), 401),
    });
    renderAt('/app', <SessionGate><Hello /></SessionGate>);
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/verify-2fa'));
    expect(replaceLocation).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Loading')).toBeTruthy();
  });

  it('asks once, without retrying, and offers a retry on a server error', async () => {
    const fetchMock = stubFetch({ 'GET /api/auth/me': () => jsonResponse(failure({ error: 'Database down' }), 500) });
    renderAt('/app', <SessionGate><Hello /></SessionGate>);
    expect(await screen.findByText('Database down')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(replaceLocation).not.toHaveBeenCalled();
  });
});

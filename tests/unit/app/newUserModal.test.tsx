// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewUserModal } from '#app/pages/admin/NewUserModal.tsx';
import { newUserSchema } from '#app/pages/admin/newUserSchema.ts';
import { userAnswerSchema } from '#domain/auth/schemas.ts';
import { answer, failure } from './answers.ts';
import { admin, jsonResponse, renderAt, sentJson, stubFetch } from './renderWithProviders.tsx';
import { schemaText } from '#tests/support/schema-text.ts';

afterEach(() => vi.unstubAllGlobals());

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(new RegExp('^' + label)), { target: { value } });
}

describe('new user schema', () => {
  it('needs a password of at least 12 characters', () => {
    const result = newUserSchema.safeParse({
      username: 'sam', displayName: 'Sam', email: 'sam@example.com', password: 'short', role: 'recruiter',
    });
    expect(result.success).toBe(false);
    expect(schemaText(result.error?.issues[0]?.message)).toBe('password must be at least 12 characters');
  });

  it('accepts a valid user and trims text', () => {
    const result = newUserSchema.parse({
      username: ' sam ', displayName: 'Sam Smith', email: 'sam@example.com', password: 'a-long-password', role: 'admin',
    });
    expect(result.username).toBe('sam');
  });

  it('rejects roles other than admin and recruiter', () => {
    expect(newUserSchema.safeParse({
      username: 'sam', displayName: 'Sam', email: 'sam@example.com', password: 'a-long-password', role: 'owner',
    }).success).toBe(false);
  });
});

describe('<NewUserModal>', () => {
  it('shows validation errors and does not post', async () => {
    const fetchMock = stubFetch({});
    renderAt('/app/admin', <NewUserModal opened onClose={() => {}} />, { user: admin });
    fill('Username', 'sam');
    fill('Display name', 'Sam');
    fill('Email', 'not-an-email');
    fill('Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('password must be at least 12 characters')).toBeTruthy();
    expect(screen.getByText('email must be a valid email address')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts a valid user and closes', async () => {
    const onClose = vi.fn();
    const fetchMock = stubFetch({
      'POST /api/admin/users': () => jsonResponse(answer(userAnswerSchema, {
        user: { id: 'u-sam', username: 'sam', displayName: 'Sam Smith', email: 'sam@example.com', role: 'recruiter', twoFactorEnabled: false, banned: false, createdAt: '2026-03-07T08:00:00.000Z' },
      }), 201),
    });
    renderAt('/app/admin', <NewUserModal opened onClose={onClose} />, { user: admin });
    fill('Username', 'sam');
    fill('Display name', 'Sam Smith');
    fill('Email', 'sam@example.com');
    fill('Password', 'correct-horse-battery');
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/admin/users')!;
    expect(sentJson(init)).toEqual({
      username: 'sam', displayName: 'Sam Smith', email: 'sam@example.com', password: 'correct-horse-battery', role: 'recruiter',
    });
  });

  it('puts a server validation error on its field', async () => {
    stubFetch({ 'POST /api/admin/users': () => jsonResponse(failure({ error: 'Username is taken', field: 'username' }), 409) });
    renderAt('/app/admin', <NewUserModal opened onClose={() => {}} />, { user: admin });
    fill('Username', 'ada');
    fill('Display name', 'Ada Two');
    fill('Email', 'ada2@example.com');
    fill('Password', 'correct-horse-battery');
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect((await screen.findAllByText('Username is taken')).length).toBeGreaterThan(0);
  });
});

// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitForElementToBeRemoved } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, TOAST_COLORS } from '#app/toast/toast.ts';
import { renderAt } from './renderWithProviders.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  act(() => notifications.clean());
});

describe('toast', () => {
  it('is dismissed by a swipe of 50 px but not by a smaller one', async () => {
    renderAt('/app', null);
    act(() => { toast({ title: 'Swipe me', description: 'away' }); });
    const root = screen.getByText('away').closest('.mantine-Notification-root') as HTMLElement;
    fireEvent.pointerDown(root, { clientX: 100 });
    fireEvent.pointerUp(root, { clientX: 140 });
    expect(screen.getByText('away')).toBeTruthy();
    fireEvent.pointerDown(root, { clientX: 100 });
    fireEvent.pointerUp(root, { clientX: 150 });
    await waitForElementToBeRemoved(() => screen.queryByText('away'));
  });

  it('F8 moves focus to the toast', () => {
    renderAt('/app', null);
    act(() => { toast({ title: 'Focus me', description: 'here' }); });
    fireEvent.keyDown(document.documentElement, { key: 'F8' });
    const root = screen.getByText('here').closest('.mantine-Notification-root') as HTMLElement;
    expect(root.contains(document.activeElement)).toBe(true);
  });

  it('maps variants to colours', () => {
    expect(TOAST_COLORS).toEqual({ default: undefined, destructive: 'red', success: 'green', warning: 'yellow', info: 'blue' });
  });

  it('shows title and description for 5 s by default', () => {
    const show = vi.spyOn(notifications, 'show');
    toast({ title: 'Message Sent', description: 'Your message has been sent successfully.', variant: 'success' });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({
      title: 'Message Sent', message: 'Your message has been sent successfully.', color: 'green', autoClose: 5000,
    }));
  });

  it('uses the title as the message when there is no description', () => {
    const show = vi.spyOn(notifications, 'show');
    toast({ title: 'Opening Advanced Editor' });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: undefined, message: 'Opening Advanced Editor' }));
  });

  it('shows one toast at a time, the newest', async () => {
    renderAt('/app', null);
    act(() => { toast({ title: 'First', description: 'one' }); });
    expect(screen.getByText('one')).toBeTruthy();
    act(() => { toast({ title: 'Second', description: 'two', variant: 'destructive' }); });
    expect(screen.getByText('two')).toBeTruthy();
    // The old one only plays its exit transition.
    await waitForElementToBeRemoved(() => screen.queryByText('one'));
    expect(screen.getByText('two')).toBeTruthy();
  });
});

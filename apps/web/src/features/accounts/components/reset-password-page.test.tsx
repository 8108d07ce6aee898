import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { MESSAGES } from '@clearspeak/contract';
import { installFakeServer } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';

const state = { email: 'ana@example.com' };

describe('forgot and reset password', () => {
  it('asks for an email, sends the code and moves to the reset page with it', async () => {
    const server = installFakeServer({
      'POST /forgot-password': () => ({
        body: { isError: false, message: 'If the email exists, a code was sent.' },
      }),
    });
    const { user, router } = await renderApp('/forgot-password');
    await user.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(server.calls('POST /forgot-password')).toHaveLength(0);

    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(await screen.findByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(router.state.location.state).toEqual({ email: 'ana@example.com' });
  });

  it('sends visitors without an email to /forgot-password', async () => {
    installFakeServer({});
    const { location } = await renderApp('/reset-password');
    expect(
      await screen.findByRole('button', { name: 'Send Verification Code' }),
    ).toBeInTheDocument();
    expect(location()).toBe('/forgot-password');
  });

  it('shows each validation message of the spec', async () => {
    const server = installFakeServer({});
    const { user } = await renderApp('/reset-password', { state });
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(MESSAGES.otpRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.newPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.reenterRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'longenough1');
    await user.type(screen.getByLabelText('Re-enter password'), 'longenough2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(MESSAGES.passwordsMustMatch)).toBeInTheDocument();
    expect(server.calls('POST /reset-password')).toHaveLength(0);
  });

  it('shows "Invalid OTP" when the server refuses the code', async () => {
    installFakeServer({
      'POST /reset-password': () => ({
        status: 422,
        body: { isError: true, message: 'Invalid OTP' },
      }),
    });
    const { user } = await renderApp('/reset-password', { state });
    await user.type(screen.getByLabelText('Code'), '999999');
    await user.type(screen.getByLabelText('New password'), 'longenough1');
    await user.type(screen.getByLabelText('Re-enter password'), 'longenough1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidOtp);
  });

  it('shows "Your password has been reset." for 1.5 s, then sign-in', async () => {
    const server = installFakeServer({
      'POST /reset-password': () => ({ body: { isError: false, message: MESSAGES.passwordReset } }),
    });
    const { user, location } = await renderApp('/reset-password', { state });
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'longenough1');
    await user.type(screen.getByLabelText('Re-enter password'), 'longenough1');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(MESSAGES.passwordReset)).toBeInTheDocument();
    expect(server.calls('POST /reset-password')[0]?.body).toEqual({
      email: 'ana@example.com',
      otp: '123456',
      newPassword: 'longenough1',
    });

    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(location()).toBe('/reset-password');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(location()).toBe('/signin');
  });

  it('resends the reset code', async () => {
    const server = installFakeServer({
      'POST /forgot-password': () => ({
        body: { isError: false, message: 'If the email exists, a code was sent.' },
      }),
    });
    const { user } = await renderApp('/reset-password', { state });
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('If the email exists, a code was sent.')).toBeInTheDocument();
    expect(server.calls('POST /forgot-password')[0]?.body).toEqual({ email: 'ana@example.com' });
  });
});

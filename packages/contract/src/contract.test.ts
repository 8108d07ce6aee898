import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  RegisterRequestSchema,
  WebPortalLoginRequestSchema,
  accountsRoutes,
  alreadyRegisteredMessage,
  resetPassword,
} from './index.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('accounts contract', () => {
  it('uses the spec messages for a missing or malformed email and a missing password', () => {
    expect(firstMessage(WebPortalLoginRequestSchema.safeParse({ password: 'x' }))).toBe(
      MESSAGES.emailRequired,
    );
    expect(
      firstMessage(WebPortalLoginRequestSchema.safeParse({ email: 'not-an-email', password: 'x' })),
    ).toBe(MESSAGES.emailRequired);
    expect(
      firstMessage(WebPortalLoginRequestSchema.safeParse({ email: 'a@b.co', password: '' })),
    ).toBe(MESSAGES.passwordRequired);
  });

  it('normalises the email to lower case', () => {
    const parsed = WebPortalLoginRequestSchema.parse({ email: ' Ana@Example.COM ', password: 'x' });
    expect(parsed.email).toBe('ana@example.com');
  });

  it('rejects a registration whose confirmation differs', () => {
    const result = RegisterRequestSchema.safeParse({
      email: 'a@b.co',
      role_id: 2,
      password: 'longenough',
      password_confirmation: 'different1',
    });
    expect(firstMessage(result)).toBe(MESSAGES.passwordsMustMatch);
  });

  it('asks for the OTP on reset', () => {
    const result = resetPassword.request.safeParse({ email: 'a@b.co', otp: '', newPassword: 'x' });
    expect(firstMessage(result)).toBe(MESSAGES.otpRequired);
  });

  it('names the product in the already-registered dialog', () => {
    expect(alreadyRegisteredMessage('ClearSpeak')).toBe(
      'It seems you already used this email to register for ClearSpeak. Would you like to retrieve your password?',
    );
  });

  it('has one route per method and path', () => {
    const keys = Object.values(accountsRoutes).map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

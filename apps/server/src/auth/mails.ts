import { PRODUCT_NAME } from '@clearspeak/contract';
import type { Mail } from '../lib/mailer.ts';

// The code sits alone on its own line so people (and the e2e tests, via /dev/outbox.json) find it.
export function verificationMail(to: string, code: string): Mail {
  return {
    to,
    subject: `Your ${PRODUCT_NAME} verification code: ${code}`,
    text: `Welcome to ${PRODUCT_NAME}!\n\nYour verification code is:\n\n${code}\n\nIt is valid for 10 minutes. If you did not sign up, ignore this mail.`,
    html: `<p>Welcome to ${PRODUCT_NAME}!</p><p>Your verification code is:</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p><p>It is valid for 10 minutes. If you did not sign up, ignore this mail.</p>`,
  };
}

export function resetMail(to: string, code: string): Mail {
  return {
    to,
    subject: `Your ${PRODUCT_NAME} password reset code: ${code}`,
    text: `Someone asked to reset the password of your ${PRODUCT_NAME} account.\n\nYour code is:\n\n${code}\n\nIt is valid for 10 minutes. If it was not you, ignore this mail: your password stays the same.`,
    html: `<p>Someone asked to reset the password of your ${PRODUCT_NAME} account.</p><p>Your code is:</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p><p>It is valid for 10 minutes. If it was not you, ignore this mail: your password stays the same.</p>`,
  };
}

import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

/** Reads the newest mail to `to` from the local outbox, waiting until one arrives after `since`. */
export async function readLatestMail(
  request: APIRequestContext,
  to: string,
  since = 0,
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
        if (!res.ok()) return undefined;
        const body = (await res.json()) as { mails: OutboxMail[] } | OutboxMail[];
        const mails = Array.isArray(body) ? body : body.mails;
        found = mails.find((m) => Date.parse(m.created_at) >= since);
        return found?.subject;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return found!;
}

/** The 6-digit code in a mail. */
export function codeFrom(mail: OutboxMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no 6-digit code in mail: ${mail.text}`);
  return match[1];
}

export async function signIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  remember = false,
) {
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  if (remember) await page.getByLabel(/remember me/i).check();
  await page.getByRole('button', { name: /^sign in$/i }).click();
}

export const test = base;
export { expect };

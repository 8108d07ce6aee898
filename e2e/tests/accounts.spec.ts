import { codeFrom, expect, readLatestMail, signIn, test } from '../support/fixtures.ts';

test('a visitor signs up, verifies with the mailed code, lands signed in, and signs out', async ({
  page,
  request,
}) => {
  const email = `e2e-${Date.now()}@example.com`;
  const since = Date.now() - 1000;
  await page.goto('/signup');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill('correct-horse-9');
  await page.getByRole('button', { name: 'Become a ClearSpeak' }).click();

  await expect(page).toHaveURL(/\/email-verification$/);
  const code = codeFrom(await readLatestMail(request, email, since));
  await page.getByLabel(/code/i).fill(code);
  await page.getByRole('button', { name: /^verify$/i }).click();

  await expect(page).toHaveURL(/\/modules\/3$/);
  await expect(page.getByText(email)).toBeVisible();

  await page.getByRole('button', { name: /sign out/i }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/modules/3');
  await expect(page).toHaveURL(/\/signin$/);
});

test('sign-in with remember me survives a reload and a new tab', async ({ page, context }) => {
  await page.goto('/signin');
  await signIn(page, 'free@demo.test', undefined, true);
  await expect(page).toHaveURL(/\/modules$/);
  await page.reload();
  await expect(page).toHaveURL(/\/modules$/);
  await expect(page.getByText('free@demo.test')).toBeVisible();

  const second = await context.newPage();
  await second.goto('/modules');
  await expect(second).toHaveURL(/\/modules$/);
  await expect(second.getByText('free@demo.test')).toBeVisible();
});

test('without remember me the session ends with the tab', async ({ page, context }) => {
  await page.goto('/signin');
  await signIn(page, 'app@demo.test');
  await expect(page).toHaveURL(/\/modules$/);
  const second = await context.newPage();
  await second.goto('/modules');
  await expect(second).toHaveURL(/\/signin$/);
});

test('a learner URL visited signed out returns to it after sign-in with its query intact', async ({
  page,
}) => {
  await page.goto('/modules/3?tab=review&x=1');
  await expect(page).toHaveURL(/\/signin$/);
  await signIn(page, 'coached@demo.test');
  await expect(page).toHaveURL(/\/modules\/3\?tab=review&x=1$/);
});

test('a wrong password shows the server message and changes nothing', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, 'trial@demo.test', 'wrong-password');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
  await signIn(page, 'trial@demo.test');
  await expect(page).toHaveURL(/\/modules$/);
});

test('a forgotten password is reset with the mailed code', async ({ page, request }) => {
  const since = Date.now() - 1000;
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel(/email/i).fill('legacy@demo.test');
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);

  const code = codeFrom(await readLatestMail(request, 'legacy@demo.test', since));
  await page.getByLabel(/code/i).fill(code);
  await page.getByLabel(/^new password/i).fill('a-new-secret-1');
  await page.getByLabel(/^re-?enter/i).fill('a-new-secret-1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);

  await signIn(page, 'legacy@demo.test', 'a-new-secret-1');
  await expect(page).toHaveURL(/\/modules$/);
});

test('after three wrong passwords the captcha appears, and a solved one lets the learner in', async ({
  page,
}) => {
  await page.goto('/signin');
  for (let i = 0; i < 3; i += 1) {
    await signIn(page, 'nocredit@demo.test', `wrong-${i}`);
    await expect(page.getByRole('alert')).toBeVisible();
  }
  const captcha = page.getByRole('group', { name: 'Security check' });
  await expect(captcha).toBeVisible();
  // The proof of work runs by itself in the browser; the learner only waits for it.
  await expect(captcha.getByRole('checkbox', { name: 'Verified' })).toBeChecked({
    timeout: 20_000,
  });
  await page.getByLabel(/^password/i).fill('demo1234');
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page).toHaveURL(/\/modules$/);
});

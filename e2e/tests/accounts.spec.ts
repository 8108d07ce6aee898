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

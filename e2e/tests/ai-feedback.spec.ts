import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { fakeMicrophoneArgs, speechWav } from '../support/audio.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { DEMO_PASSWORD, expect, signIn, test } from '../support/fixtures.ts';

// The AI result comes from our engine, scoring what the microphone really heard: the same
// learner and word, recorded once as the right word and once as a different one.

async function unlockRecognisingTools(request: APIRequestContext, email: string) {
  const login = await request.post('/api/web-portal-login', {
    data: { email, password: DEMO_PASSWORD },
  });
  const token = ((await login.json()) as { data: { api_token: string } }).data.api_token;
  // Finish the steps before recognising tools through the real progress call (spec §4 order).
  for (const [step, stepId] of [
    ['preLesson', 'th-pre-1'],
    ['guidedLesson', 'th-video-1'],
    ['guidedLesson', 'th-video-2'],
    ['guidedLesson', 'th-record-10'],
    ['guidedLesson', 'th-choose-7'],
  ]) {
    const res = await request.post('/api/module/step', {
      headers: { authorization: `Bearer ${token}` },
      data: { module_id: 3, step, step_id: stepId },
    });
    expect(res.ok()).toBeTruthy();
  }
}

async function scoreThink(page: Page, request: APIRequestContext, email: string): Promise<number> {
  await unlockRecognisingTools(request, email);
  await page.goto('/signin');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/modules$/);
  await page.goto('/modules/3/guidedLesson/th-recognise-1');
  // The section's intro card comes first (spec §2 Lesson player).
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByRole('button', { name: 'Stop recording' })).toBeVisible();
  await page.waitForTimeout(2500);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await page.getByRole('button', { name: 'Check' }).click();
  const result = page.getByRole('region', { name: 'AI result' });
  await expect(result).toBeVisible({ timeout: 30_000 });
  const ring = result
    .getByRole('img', { name: /word score/i })
    .or(result.getByLabel(/word score/i));
  if (await ring.count()) {
    const label = (await ring.first().getAttribute('aria-label')) ?? '';
    const match = /(\d+)/.exec(label);
    if (match?.[1]) return Number(match[1]);
  }
  // A retake request (the engine would not judge it) counts as no score.
  await expect(result.getByText(/record again/i).first()).toBeVisible();
  return 0;
}

async function scoreWith(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  request: APIRequestContext,
  email: string,
  wav: string,
): Promise<number> {
  // The fake microphone is a browser-wide flag: one browser per recording.
  const browser = await playwright.chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...fakeMicrophoneArgs(wav)],
  });
  try {
    const page = await (await browser.newContext({ baseURL })).newPage();
    return await scoreThink(page, request, email);
  } finally {
    await browser.close();
  }
}

test('the AI scores the right word clearly above a different word', async ({
  playwright,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const right = await scoreWith(
    playwright,
    baseURL!,
    request,
    'app@demo.test',
    speechWav('think', 'think'),
  );
  const wrong = await scoreWith(
    playwright,
    baseURL!,
    request,
    'coached@demo.test',
    speechWav('table', 'table'),
  );
  console.log(`AI word score for "think": said think=${right}, said table=${wrong}`);
  expect(right).toBeGreaterThan(wrong + 20);
});

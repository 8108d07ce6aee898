import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import { fakeMicrophoneArgs, speechWav } from '../support/audio.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { expect, signIn, test } from '../support/fixtures.ts';

// A subscribed learner goes through every section type of a module, recording with the fake
// microphone (a looping espeak-ng WAV), to the review screen and Done (spec: learning §4).

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${speechWav('ship-sheep', 'ship and sheep')}`,
    ],
  },
});

const NEXT = /^(Next One|Continue)$/;

async function record(page: Page, submit: string | RegExp) {
  await page.getByRole('button', { name: 'Start recording' }).click();
  const stop = page.getByRole('button', { name: 'Stop recording' });
  await expect(stop).toBeVisible();
  await page.waitForTimeout(1500);
  await stop.click();
  await page.getByRole('button', { name: submit }).click();
}

type Chromium = PlaywrightWorkerArgs['playwright']['chromium'];

/**
 * A fluency activity is judged against its sentence, so the learner must really say it: the
 * step is done in a second browser whose microphone speaks that sentence, signed in as the
 * same learner; the first browser then carries on from where the second one left off.
 */
async function doFluencyStep(page: Page, chromium: Chromium, email: string) {
  const sentence = (
    await page.getByRole('main').getByRole('note', { name: 'Sentence to say' }).textContent()
  )?.trim();
  expect(sentence, 'the fluency sentence is shown').toBeTruthy();
  const wav = speechWav(
    `fluency-${sentence!.length}-${sentence!.slice(0, 12).replace(/\W/g, '')}`,
    sentence!,
  );
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...fakeMicrophoneArgs(wav)],
  });
  try {
    const other = await (
      await browser.newContext({ baseURL: new URL(page.url()).origin })
    ).newPage();
    const here = new URL(page.url());
    await other.goto('/signin');
    await signIn(other, email);
    await expect(other).toHaveURL(/\/modules$/);
    await other.goto(here.pathname + here.search);
    const main = other.getByRole('main');
    const start = main.getByRole('button', { name: 'Start', exact: true });
    await expect(
      start.or(main.getByRole('button', { name: 'Start recording' })).first(),
    ).toBeVisible();
    if (await start.isVisible()) await start.click();
    await main.getByRole('button', { name: 'Start recording' }).click();
    const stop = main.getByRole('button', { name: 'Stop recording' });
    await expect(stop).toBeVisible();
    await other.waitForTimeout(Math.min(40_000, 1500 + sentence!.split(/\s+/).length * 450));
    await stop.click();
    await main.getByRole('button', { name: 'Check' }).click();
    const result = main.getByRole('region', { name: 'Fluency result' });
    await expect(result).toBeVisible({ timeout: 60_000 });
    await expect(result.getByRole('img', { name: /Fluency score/ })).toBeVisible();
    await main.getByRole('button', { name: NEXT }).click();
    // After the last activity the section's result card comes first, on the same address.
    const goAhead = main.getByRole('button', { name: 'Go Ahead' });
    await expect(
      goAhead.or(main.getByRole('region', { name: 'Fluency activity' })).first(),
    ).toBeVisible();
    if (await goAhead.isVisible()) await goAhead.click();
    await expect(other).not.toHaveURL(here.href);
    await page.goto(new URL(other.url()).pathname);
  } finally {
    await browser.close();
  }
}

/** Does whatever the current step asks and returns what it was. */
async function takeStep(page: Page, chromium: Chromium, email: string): Promise<string> {
  const main = page.getByRole('main');
  const start = main.getByRole('button', { name: 'Start', exact: true });
  const goAhead = main.getByRole('button', { name: 'Go Ahead' });
  const mic = main.getByRole('button', { name: 'Start recording' });
  const options = main.getByRole('group', { name: 'Options' });
  const video = main.locator('video');
  const done = main.getByRole('button', { name: 'Done' });
  // At the module end an app-only subscriber is offered coaching: Upgrade Now or Skip (spec §4).
  const skip = main.getByRole('button', { name: 'Skip' });
  await expect(
    start.or(goAhead).or(skip).or(mic).or(options).or(video).or(done).first(),
  ).toBeVisible({
    timeout: 30_000,
  });

  if (await done.isVisible()) {
    await done.click();
    return 'review';
  }
  if (await start.isVisible()) {
    await start.click();
    return 'intro';
  }
  if (await goAhead.isVisible()) {
    await goAhead.click();
    return 'result';
  }
  if (await skip.isVisible()) {
    await expect(main.getByRole('button', { name: 'Upgrade Now' })).toBeVisible();
    await skip.click();
    return 'upgrade offered';
  }
  if (await options.isVisible()) {
    await options.getByRole('button').first().click();
    await expect(main.getByRole('status')).toBeVisible();
    await main.getByRole('button', { name: NEXT }).click();
    return 'choose';
  }
  if (await video.isVisible()) {
    await expect(video).toHaveAttribute('src', /\/media\/.+\.mp4/);
    await main.getByRole('button', { name: NEXT }).click();
    return 'video';
  }
  if (await main.getByRole('region', { name: 'Fluency activity' }).count()) {
    await doFluencyStep(page, chromium, email);
    return 'fluency';
  }
  const check = main.getByRole('button', { name: 'Check' });
  if (await check.count()) {
    await record(page, 'Check');
    await expect(main.getByRole('region', { name: 'AI result' })).toBeVisible({ timeout: 30_000 });
    await main.getByRole('button', { name: NEXT }).click();
    return 'scored';
  }
  await record(page, /^(Submit|Next One|Continue)$/);
  return 'recorded';
}

test('a subscribed learner goes through every section of a module to the review and Done', async ({
  page,
  playwright,
}) => {
  test.setTimeout(8 * 60_000);
  await page.goto('/signin');
  await signIn(page, 'app@demo.test');
  await expect(page).toHaveURL(/\/modules$/);
  await page.getByRole('button', { name: 'Open Ship or Sheep?' }).click();
  await expect(page).toHaveURL(/\/modules\/4$/);
  await page.getByRole('button', { name: 'Start Pre Lesson' }).click();

  const kinds = new Map<string, number>();
  for (let i = 0; i < 120 && !/\/modules\/4$/.test(new URL(page.url()).pathname); i += 1) {
    const kind = await takeStep(page, playwright.chromium, 'app@demo.test');
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    if (kind === 'review') break;
  }
  await expect(page).toHaveURL(/\/modules\/4$/);
  // Every kind of step was met: intro cards, videos, recordings, choices, AI and fluency results, result cards, review.
  for (const kind of [
    'intro',
    'video',
    'recorded',
    'choose',
    'scored',
    'fluency',
    'result',
    'upgrade offered',
    'review',
  ]) {
    expect(kinds.get(kind), kind).toBeGreaterThan(0);
  }
  // The module is now complete on the overview.
  await expect(page.getByRole('button', { name: /Practice Final Assessment/ })).toBeVisible();
});

test('a free learner meets the subscribe-to-unlock modal on a locked module', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, 'free@demo.test');
  await expect(page).toHaveURL(/\/modules$/);
  await page.getByRole('button', { name: 'Core Sounds of American English' }).click();
  await page.getByRole('button', { name: 'The Schwa (locked)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to unlock' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toBeHidden();
  // The trial group is open to a free learner.
  await page.getByRole('button', { name: 'Open R and L' }).click();
  await expect(page).toHaveURL(/\/modules\/5$/);
});

test('recording stops by itself at 45 seconds', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/signin');
  await signIn(page, 'coached@demo.test');
  await expect(page).toHaveURL(/\/modules$/);
  await page.goto('/modules/4/preLesson/ih-iy-pre-1');
  const start = page.getByRole('button', { name: 'Start', exact: true });
  await start.click();
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByRole('timer')).toBeVisible();
  // No click on Stop: the recorder must stop itself at 45 s (spec §9).
  await expect(page.getByRole('button', { name: 'Play recording' })).toBeVisible({
    timeout: 55_000,
  });
  await expect(page.getByRole('button', { name: 'Stop recording' })).toBeHidden();
  await expect(page.getByText(/Your recording: 0:4[45]/)).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeHidden({ timeout: 20_000 });
});

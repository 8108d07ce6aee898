import type { Browser, Page } from '@playwright/test';
import { completeUpToFinal, apiToken } from '../support/api.ts';
import { fakeMicrophoneArgs, speechWav } from '../support/audio.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { expect, signIn, test } from '../support/fixtures.ts';

// Issue 5, end to end in two browsers: a learner on a coaching trial records a module's final
// assessment, which goes to a coach; the coach claims it, records spoken replies with the fake
// microphone, stars and submits; the learner's open page gets the toast and the badge live, opens
// the feedback, plays the coach's reply, and Practice Again clears it.

const MODULE_ID = 5; // 'R and L', the first trial-group module (not intro: real coach feedback)
const LEARNER = 'trial@demo.test';
const LEARNER_NAME = 'Trial Learner';

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      ...fakeMicrophoneArgs(speechWav('final-r-l', 'The red lorry rolled along the long road.')),
    ],
  },
});

async function launchWithMicrophone(
  playwright: { chromium: { launch: (o: object) => Promise<Browser> } },
  name: string,
  text: string,
) {
  return playwright.chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...fakeMicrophoneArgs(speechWav(name, text))],
  });
}

/** Records every final-assessment item in the player until it leaves the final section. */
async function recordFinalAssessment(page: Page, items: number) {
  const main = page.getByRole('main');
  for (let i = 0; i < items; i += 1) {
    const start = main.getByRole('button', { name: 'Start', exact: true });
    const mic = main.getByRole('button', { name: 'Start recording' });
    await expect(start.or(mic).first()).toBeVisible({ timeout: 30_000 });
    if (await start.isVisible()) await start.click();
    await mic.click();
    const stop = main.getByRole('button', { name: 'Stop recording' });
    await expect(stop).toBeVisible();
    await page.waitForTimeout(1500);
    await stop.click();
    await main.getByRole('button', { name: /^(Submit|Next One|Continue)$/ }).click();
  }
  // After the last item the section's result card shows (learning §4 Final assessment).
  await expect(main.getByRole('button', { name: 'Go Ahead' })).toBeVisible({ timeout: 60_000 });
}

test('a final assessment goes to a coach, who replies; the learner is told live, listens, and practises again', async ({
  page,
  playwright,
  request,
}) => {
  test.setTimeout(6 * 60_000);
  const finals = await completeUpToFinal(request, await apiToken(request, LEARNER), MODULE_ID);
  expect(finals.length).toBeGreaterThan(0);

  // ---- the learner records the final assessment (this browser's microphone says a sentence)
  const learner = page;
  await learner.goto('/signin');
  await signIn(learner, LEARNER);
  await expect(learner).toHaveURL(/\/modules$/);
  // Trial: one coaching session, shown in the header's credits dropdown (learning §4).
  await learner.goto(`/modules/${MODULE_ID}`);
  await learner.getByRole('button', { name: 'Start Final Assessment' }).click();
  await recordFinalAssessment(learner, finals.length);

  // The final went to the coach: the feedback card says the coach is preparing it.
  await learner.goto(`/modules/${MODULE_ID}`);
  await expect(
    learner.getByText('Your coach is preparing your feedback.', { exact: false }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(learner.getByRole('button', { name: 'Open feedback' })).toBeDisabled();
  await expect(learner.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // ---- the coach, in another browser whose microphone says the reply
  const coachBrowser = await launchWithMicrophone(
    playwright,
    'coach-reply',
    'Lovely work. Curl the tongue back for the R, and touch the ridge for the L.',
  );
  try {
    const coachContext = await coachBrowser.newContext({ baseURL: new URL(learner.url()).origin });
    const coach = await coachContext.newPage();
    await coach.goto('/signin');
    await signIn(coach, 'coach@demo.test');
    await expect(coach).toHaveURL(/\/coach$/);
    const row = coach.getByRole('listitem', { name: `${LEARNER_NAME}, R and L` });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: /Claim/ }).click();
    await expect(coach).toHaveURL(/\/coach\/requests\/\d+$/);

    for (let i = 1; i <= finals.length; i += 1) {
      const label = `recording ${i}`;
      await coach.getByRole('button', { name: `Record a reply to ${label}` }).click();
      const stop = coach.getByRole('button', { name: `Stop recording the reply to ${label}` });
      await expect(stop).toBeVisible();
      await coach.waitForTimeout(2500);
      await stop.click();
      // Stored as soon as it stops: the coach can play it back.
      await expect(coach.getByLabel(`Your reply to ${label}`)).toBeVisible({ timeout: 30_000 });
      await coach
        .getByLabel(`Written reply to ${label}`)
        .fill(`Reply ${i}: keep the R round and the L light.`);
    }
    await coach
      .getByLabel('Summary for the learner')
      .fill('Clear progress on R and L. Practise the word pairs slowly, then at speed.');
    for (const factor of ['Pronunciation', 'Fluency', 'Intonation', 'Stress']) {
      // Mantine's rating takes a click on the star or Enter on its (visually hidden) radio.
      await coach
        .getByRole('group', { name: factor })
        .getByRole('radio', { name: `${factor}: 4 stars` })
        .press('Enter');
    }
    const submit = coach.getByRole('button', { name: 'Submit feedback' });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(coach).toHaveURL(/\/coach$/);
  } finally {
    await coachBrowser.close();
  }

  // ---- the learner's open page: toast and badge arrive live, within 2 s, without a reload
  const toast = learner.getByRole('button', {
    name: `Open notification: Your coach reviewed R and L`,
  });
  await expect(toast).toBeVisible({ timeout: 2_000 });
  await expect(learner.getByRole('button', { name: /^Notifications \(1 unread\)$/ })).toBeVisible({
    timeout: 2_000,
  });
  await toast.click();
  await expect(learner).toHaveURL(new RegExp(`/modules/${MODULE_ID}/feedback$`));

  // The coach's audio reply plays (fetched with the session, played from a blob URL).
  const play = learner.getByRole('button', { name: /^Play Demo Coach's reply: / }).first();
  await expect(play).toBeVisible();
  await play.click();
  await expect(
    learner.getByRole('button', { name: /^Pause Demo Coach's reply: / }).first(),
  ).toBeVisible();
  await expect(learner.getByRole('alert')).toHaveCount(0);
  await expect(learner.getByText('Clear progress on R and L.', { exact: false })).toBeVisible();

  // Practice Again: confirm, cleared, back on the module page with the final to do again.
  await learner.getByRole('button', { name: 'Practice Again' }).click();
  await learner
    .getByRole('dialog', { name: 'Practice again?' })
    .getByRole('button', { name: 'Practice Again' })
    .click();
  await expect(learner).toHaveURL(new RegExp(`/modules/${MODULE_ID}$`));
  await expect(learner.getByRole('button', { name: 'Start Final Assessment' })).toBeVisible();
});

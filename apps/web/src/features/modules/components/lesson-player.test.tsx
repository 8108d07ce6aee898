import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ModuleDetail } from '@clearspeak/contract';
import { onTrack, type TrackedEvent } from '@/lib/analytics';
import { fakeAudioEachTest } from '@/test/fake-playback';
import { installFakeServer, makeUser, type FakeHandler } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';
import { completedBefore, detailBody, makeDetail, okSave, okScore, okStep } from '../test/fixtures';
import { LOCKED_LESSON_MESSAGE } from './notice-modal';
import { RESULT_SOUNDS } from './step-screens';

// The real app at the lesson URLs; only fetch (the server) and the browser's microphone and
// media playback (jsdom has none) are faked.

const played = fakeAudioEachTest();

const subscriptionData = () => ({
  body: { isError: false, is_subscribed: true, is_free_plan: false, isTrialing: false },
});

function serve(detail: ModuleDetail, handlers: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'POST /module/detail': () => detailBody(detail),
    'POST /module/save/step': okSave,
    'POST /module/step': okStep,
    'POST /v1/module/score': okScore(72),
    'GET /module/subscription-data': subscriptionData,
    ...handlers,
  });
}

const subscriber = () => makeUser({ is_subscribed: true, is_free_plan: false });

/** The `step_id`s of the progress calls, in order. */
function progressCalls(server: ReturnType<typeof installFakeServer>) {
  return server.calls('POST /module/step').map((r) => r.body);
}

/** The multipart body of the n-th request to a path (the fake server sees only JSON bodies). */
function formOf(path: string, index = 0): FormData {
  const calls = vi
    .mocked(globalThis.fetch)
    .mock.calls.filter(([input]) => String(input).endsWith(`/api${path}`));
  const body = calls[index]?.[1]?.body;
  if (!(body instanceof FormData)) throw new Error(`no multipart request ${index} to ${path}`);
  return body;
}

function fields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  form.forEach((value, name) => {
    if (typeof value === 'string') out[name] = value;
  });
  return out;
}

async function record(user: Awaited<ReturnType<typeof renderApp>>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Start recording' }));
  await screen.findByRole('button', { name: 'Stop recording' });
  await new Promise((resolve) => setTimeout(resolve, 300));
  await user.click(screen.getByRole('button', { name: 'Stop recording' }));
  await screen.findByRole('button', { name: 'Play recording' });
}

async function start(user: Awaited<ReturnType<typeof renderApp>>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Start' }));
}

describe('lesson player: step order and navigation (spec: learning §4)', () => {
  it('shows the intro card, replaces the route within a type, ends with a result card and pushes the next type', async () => {
    const server = serve(makeDetail({ completed: ['th-pre-1'] }));
    const { user, router, location } = await renderApp('/modules/5/guidedLesson/th-video-1', {
      user: subscriber(),
    });

    // Intro card of the video lessons.
    expect(await screen.findByRole('heading', { name: 'Video Lessons' })).toBeInTheDocument();
    expect(screen.getByText('Watch how the sound is made.')).toBeInTheDocument();
    await start(user);

    // HTML5 video with the WebVTT captions on by default.
    const video = screen.getByLabelText('Video: The tongue between the teeth');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/media/video/th/th-video-1.mp4');
    const track = video.querySelector('track');
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', '/media/video/th/th-video-1.vtt');
    expect(track).toHaveAttribute('default');

    await user.click(screen.getByRole('button', { name: 'Next One' }));
    await waitFor(() => expect(location()).toBe('/modules/5/guidedLesson/th-video-2'));
    expect(router.state.historyAction).toBe('REPLACE');
    // No intro card inside a type.
    expect(await screen.findByLabelText('Video: Voiced and voiceless')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // Result card: title, score ring, message, Go Ahead, Back to Home; same route.
    expect(await screen.findByText('You have watched the videos.')).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'Module score: 72 out of 100' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Home' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'TH sounds · Video Lessons' })).toHaveAttribute(
      'href',
      '/modules/5',
    );
    expect(location()).toBe('/modules/5/guidedLesson/th-video-2');

    await user.click(screen.getByRole('button', { name: 'Go Ahead' }));
    await waitFor(() => expect(location()).toBe('/modules/5/guidedLesson/th-lr-1'));
    expect(router.state.historyAction).toBe('PUSH');
    expect(await screen.findByText('Listen, then say the word.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start' })).toBeInTheDocument();

    expect(progressCalls(server)).toEqual([
      { module_id: 5, step: 'guidedLesson', step_id: 'th-video-1' },
      { module_id: 5, step: 'guidedLesson', step_id: 'th-video-2' },
    ]);
    await waitFor(() =>
      expect(server.calls('POST /module/save/step').map((r) => r.body)).toEqual([
        { module_id: 5, step: 'guidedLesson', step_id: 'th-video-1' },
        { module_id: 5, step: 'guidedLesson', step_id: 'th-video-2' },
        { module_id: 5, step: 'guidedLesson', step_id: 'th-lr-1' },
      ]),
    );
  });

  it('does not report a step that is already completed', async () => {
    const server = serve(makeDetail({ completed: ['th-pre-1', 'th-video-1'] }));
    const { user, location } = await renderApp('/modules/5/guidedLesson/th-video-1', {
      user: subscriber(),
    });
    await start(user);
    await user.click(await screen.findByRole('button', { name: 'Next One' }));
    await waitFor(() => expect(location()).toBe('/modules/5/guidedLesson/th-video-2'));
    expect(progressCalls(server)).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('button', { name: 'Go Ahead' });
    expect(progressCalls(server)).toEqual([
      { module_id: 5, step: 'guidedLesson', step_id: 'th-video-2' },
    ]);
  });

  it('opens the short lesson URL /modules/:id/:lessonUniqueId', async () => {
    serve(makeDetail({ completed: completedBefore('th-video-2') }));
    await renderApp('/modules/5/th-video-2', { user: subscriber() });
    expect(await screen.findByLabelText('Video: Voiced and voiceless')).toBeInTheDocument();
  });

  it('shows the locked-lesson modal for a lesson whose previous lesson is not completed', async () => {
    const server = serve(makeDetail({ completed: ['th-pre-1'] }));
    const { user, location } = await renderApp('/modules/5/guidedLesson/th-lc-1', {
      user: subscriber(),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Lesson locked' });
    expect(dialog).toHaveTextContent(LOCKED_LESSON_MESSAGE);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()).toBe('/modules/5'));
    expect(server.calls('POST /module/save/step')).toHaveLength(0);
  });

  it.each([
    ['/modules/5/guidedLesson/no-such-lesson', '/modules/5'],
    ['/modules/5/someLessonType/th-video-1', '/modules/5'],
    ['/modules/five/guidedLesson/th-video-1', '/modules'],
  ])('sends %s without a lesson to %s', async (url, target) => {
    serve(makeDetail(), {
      'GET /module/list/v3': () => ({
        body: {
          isError: false,
          data: { introModules: [], trialModules: [], othModules: [], is_subscribed: true },
        },
      }),
    });
    const { location } = await renderApp(url, { user: subscriber() });
    await waitFor(() => expect(location()).toBe(target));
  });

  it('redirects to /modules when the module detail fails', async () => {
    serve(makeDetail(), {
      'POST /module/detail': () => ({ status: 500, body: { isError: true, message: 'Down.' } }),
      'GET /module/list/v3': () => ({
        body: {
          isError: false,
          data: { introModules: [], trialModules: [], othModules: [], is_subscribed: true },
        },
      }),
    });
    const { location } = await renderApp('/modules/5/guidedLesson/th-video-1', {
      user: subscriber(),
    });
    await waitFor(() => expect(location()).toBe('/modules'));
  });
});

describe('lesson player: recording steps', () => {
  it('uploads the pre lesson as pre_lesson without a progress call, then opens the videos', async () => {
    const server = serve(makeDetail(), {
      'POST /module/upload-record': () => ({
        body: {
          isError: false,
          message: 'Stored.',
          recording_id: 9,
          file_url: '/api/recordings/9',
        },
      }),
    });
    const { user, location } = await renderApp('/modules/5/preLesson/th-pre-1', {
      user: subscriber(),
    });
    expect(await screen.findByText('First, let us hear you.')).toBeInTheDocument();
    await start(user);
    expect(screen.getByText('I think this is the third time.')).toBeInTheDocument();
    await record(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thanks for recording.')).toBeInTheDocument();

    const form = formOf('/module/upload-record');
    expect(fields(form)).toEqual({
      assessment_id: '1',
      assessment_type: 'pre_lesson',
      duration: '00:01',
    });
    expect(form.get('recorded_file')).toBeInstanceOf(Blob);
    expect((form.get('recorded_file') as File).name).toBe('recording.mp3');
    expect(progressCalls(server)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Go Ahead' }));
    await waitFor(() => expect(location()).toBe('/modules/5/guidedLesson/th-video-1'));
    expect(await screen.findByText('Watch how the sound is made.')).toBeInTheDocument();
  });

  it('plays the model, uploads each listen-and-record word and reports only the last one', async () => {
    const server = serve(makeDetail({ completed: completedBefore('th-lr-1') }), {
      'POST /module/upload-listen-record': () => ({
        body: {
          isError: false,
          message: 'Stored.',
          recording_id: 10,
          file_url: '/api/recordings/10',
        },
      }),
    });
    const { user, location } = await renderApp('/modules/5/guidedLesson/th-lr-1', {
      user: subscriber(),
    });
    await start(user);
    await user.click(screen.getByRole('button', { name: 'Listen to think' }));
    expect(played).toEqual([expect.stringMatching(/\/media\/audio\/model\/think\.mp3$/)]);

    await record(user);
    await user.click(screen.getByRole('button', { name: 'Next One' }));
    await waitFor(() => expect(location()).toBe('/modules/5/guidedLesson/th-lr-2'));
    expect(fields(formOf('/module/upload-listen-record', 0))).toEqual({
      listen_record_id: '21',
      duration: '00:01',
    });
    expect(progressCalls(server)).toEqual([]);

    await record(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Well said.')).toBeInTheDocument();
    expect(fields(formOf('/module/upload-listen-record', 1)).listen_record_id).toBe('22');
    expect(progressCalls(server)).toEqual([
      { module_id: 5, step: 'guidedLesson', step_id: 'th-lr-2' },
    ]);
  });

  it('offers the last recording, shows the upload error in a dialog and stays on the word', async () => {
    const detail = makeDetail({ completed: completedBefore('th-lr-1') });
    const first = detail.guided_lesson.listen_and_records.lesson_and_records[0];
    if (first) first.user_recorded_file = '/api/recordings/8/audio';
    serve(detail, {
      'POST /module/upload-listen-record': () => ({
        status: 413,
        body: { isError: true, message: 'Recordings can be at most 5 MB.' },
      }),
    });
    const { user, location } = await renderApp('/modules/5/guidedLesson/th-lr-1', {
      user: subscriber(),
    });
    await start(user);
    expect(screen.getByRole('button', { name: 'Play your last recording' })).toBeInTheDocument();
    await record(user);
    await user.click(screen.getByRole('button', { name: 'Next One' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Recordings can be at most 5 MB.');
    expect(location()).toBe('/modules/5/guidedLesson/th-lr-1');
  });

  it("shows 'Failed' when a final assessment upload fails, then finishes the module with the upgrade prompt", async () => {
    let failsLeft = 1;
    const server = serve(makeDetail({ completed: completedBefore('th-final-1') }), {
      'POST /module/upload-final-record': () =>
        failsLeft-- > 0
          ? { status: 500, body: { isError: true, message: 'Disk full.' } }
          : {
              body: {
                isError: false,
                message: 'Stored.',
                recording_id: 11,
                file_url: '/api/recordings/11',
                ai_scores: null,
              },
            },
    });
    const events: TrackedEvent[] = [];
    const stop = onTrack((event) => events.push(event));
    try {
      const { user, location, router } = await renderApp('/modules/5/finalAssessment/th-final-1', {
        user: makeUser(),
      });
      expect(await screen.findByText('Time for your final assessment.')).toBeInTheDocument();
      await start(user);
      await record(user);
      await user.click(screen.getByRole('button', { name: 'Next One' }));
      const dialog = await screen.findByRole('dialog', { name: 'Failed' });
      expect(dialog).toHaveTextContent('Something went wrong, please record again');
      expect(location()).toBe('/modules/5/finalAssessment/th-final-1');
      expect(progressCalls(server)).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
      // The recorder keeps the recording and says so; the same recording is sent again.
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Something went wrong, please record again',
      );

      // The kept recording is sent again.
      await user.click(screen.getByRole('button', { name: 'Next One' }));

      await waitFor(() => expect(location()).toBe('/modules/5/finalAssessment/th-final-2'));
      expect(fields(formOf('/module/upload-final-record', 1))).toEqual({
        assessment_id: '61',
        module_id: '5',
        assessment_type: 'final',
        duration: '00:01',
      });
      await record(user);
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByText('You finished the module.')).toBeInTheDocument();
      expect(progressCalls(server)).toEqual([
        { module_id: 5, step: 'finalAssessment', step_id: 'th-final-1' },
        { module_id: 5, step: 'finalAssessment', step_id: 'th-final-2' },
      ]);
      // A free learner is offered the upgrade at the module end.
      expect(screen.getByRole('button', { name: 'Upgrade Now' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Go Ahead' })).not.toBeInTheDocument();
      expect(events).toEqual([]);
      await user.click(screen.getByRole('button', { name: 'Skip' }));
      await waitFor(() => expect(location()).toBe('/modules/5/review'));
      expect(router.state.historyAction).toBe('PUSH');
      expect(events).toEqual([
        { name: 'Module Completed', properties: { moduleId: 5, title: 'TH sounds' } },
      ]);
    } finally {
      stop();
    }
  });

  it.each([
    { user: { is_subscribed: true, isWithFeedback: true }, upgrade: false },
    { user: { is_subscribed: true, isWithFeedback: false }, upgrade: true },
  ])(
    'offers the upgrade at the module end only without a coaching plan: $user',
    async ({ user: flags, upgrade }) => {
      serve(makeDetail({ completed: completedBefore('th-final-2') }), {
        'POST /module/upload-final-record': () => ({
          body: {
            isError: false,
            message: 'Stored.',
            recording_id: 12,
            file_url: '/x',
            ai_scores: null,
          },
        }),
        // A coaching plan sends the final to the coach (coaching.test.tsx).
        'POST /module/request-feedback': () => ({
          body: { isError: false, request_id: 9, remaining_coaching_credit: 0 },
        }),
      });
      const { user } = await renderApp('/modules/5/finalAssessment/th-final-2', {
        user: makeUser(flags),
      });
      await record(user);
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByText('You finished the module.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Upgrade Now' }) !== null).toBe(upgrade);
      expect(screen.queryByRole('button', { name: 'Go Ahead' }) !== null).toBe(!upgrade);
    },
  );
});

// The coaching limit and the feedback request of the final assessment: coaching.test.tsx.

describe('lesson player: listen and choose (spec: learning §4, §5, §9)', () => {
  it('locks the options after one answer, plays the result sound, and scores 10 × correct / total', async () => {
    const server = serve(makeDetail({ completed: completedBefore('th-lc-1') }), {
      'POST /module/listen-answer': (request) => {
        const { answer, step_id } = request.body as { answer: string; step_id: string };
        const correct = step_id === 'th-lc-1' ? 'thin' : 'three';
        return {
          body: { isError: false, is_correct: answer === correct, answer, correct_answer: correct },
        };
      },
    });
    const { user, location } = await renderApp('/modules/5/guidedLesson/th-lc-1', {
      user: subscriber(),
    });
    expect(await screen.findByText('Which word do you hear?')).toBeInTheDocument();
    await start(user);
    expect(screen.queryByRole('button', { name: 'Next One' })).not.toBeInTheDocument();
    // The item title ("thin or tin") is not shown: a title may name the answer.
    expect(screen.getByRole('heading', { name: 'Which word do you hear?' })).toBeInTheDocument();
    expect(screen.queryByText('thin or tin')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'tin' }));
    expect(screen.getByRole('button', { name: 'tin' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'thin' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'tin' })).toHaveAttribute('aria-pressed', 'true');
    // Locked: a second choice changes nothing and plays nothing.
    await user.click(screen.getByRole('button', { name: 'thin' }));
    expect(screen.getByRole('button', { name: 'thin' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'tin' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Not quite. The word was “thin”.');
    expect(played).toEqual([expect.stringMatching(new RegExp(`${RESULT_SOUNDS.incorrect}$`))]);
    expect(progressCalls(server)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Next One' }));
    await waitFor(() => expect(location()).toBe('/modules/5/guidedLesson/th-lc-2'));
    await user.click(await screen.findByRole('button', { name: 'three' }));
    expect(screen.getByRole('button', { name: 'tree' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Correct!');
    expect(played.at(-1)).toMatch(new RegExp(`${RESULT_SOUNDS.correct}$`));

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Your ears are getting sharper.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your score: 5 out of 10' })).toBeInTheDocument();
    expect(progressCalls(server)).toEqual([
      { module_id: 5, step: 'guidedLesson', step_id: 'th-lc-2' },
    ]);
    expect(server.calls('POST /module/listen-answer').map((r) => r.body)).toEqual([
      { module_id: 5, step_id: 'th-lc-1', answer: 'tin' },
      { module_id: 5, step_id: 'th-lc-2', answer: 'three' },
    ]);
  });

  it('shows the stored first answer when the server already has one for the item', async () => {
    serve(makeDetail({ completed: completedBefore('th-lc-1') }), {
      'POST /module/listen-answer': () => ({
        body: { isError: false, is_correct: false, answer: 'tin', correct_answer: 'thin' },
      }),
    });
    const { user } = await renderApp('/modules/5/guidedLesson/th-lc-1', { user: subscriber() });
    await start(user);
    await user.click(screen.getByRole('button', { name: 'thin' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'tin' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.getByRole('button', { name: 'thin' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('Not quite. The word was “thin”.');
  });
});

const aiData = (overrides: Record<string, unknown> = {}) => ({
  alignment_info: [
    { phone: 'TH', score: 1.5 },
    { phone: 'AE', score: 2 },
    { phone: 'NG', score: 2.1 },
    { phone: 'K', score: 3 },
  ],
  letter_based: [
    { letter: 't', score: 1.5, color: '#e03131' },
    { letter: 'h', score: 0.75, color: '#e03131' },
    { letter: 'k', score: 3, color: '#2f9e44' },
  ],
  custom_result: [
    {
      custom_title: 'Improvement advice',
      custom_value: 'Put the tip of your tongue between your teeth for TH.',
    },
    { custom_title: 'Nativeness', custom_value: '78%' },
  ],
  advice_voice: { has_voice: true, link: '/media/audio/model/thank.mp3' },
  score: 74,
  words: [],
  recording_id: 31,
  ...overrides,
});

describe('lesson player: recognising tools (spec: learning §3 AI result, §7, §8)', () => {
  it('sends the recording to /v3/ai-smart-coach and shows phones, letter bars, advice and the advice voice', async () => {
    const server = serve(makeDetail({ completed: completedBefore('th-rt-1') }), {
      'POST /v3/ai-smart-coach': () => ({
        body: { isError: false, ai_data: { status: 200, data: aiData() } },
      }),
    });
    const { user, location } = await renderApp('/modules/5/guidedLesson/th-rt-1', {
      user: subscriber(),
    });
    await start(user);
    await record(user);
    await user.click(screen.getByRole('button', { name: 'Check' }));

    const result = within(await screen.findByRole('region', { name: 'AI result' }));
    expect(fields(formOf('/v3/ai-smart-coach'))).toEqual({ module_code: 'th', text: 'thank' });
    expect(formOf('/v3/ai-smart-coach').get('recorded_file')).toBeInstanceOf(Blob);
    const sounds = within(result.getByRole('list', { name: 'Sounds' })).getAllByRole('listitem');
    expect(sounds.map((s) => [s.textContent, s.getAttribute('data-tone')])).toEqual([
      ['TH', 'red'],
      ['AE', 'orange'],
      ['NG', 'green'],
      ['K', 'green'],
    ]);
    const bars = result.getAllByTestId('letter-bar');
    expect(bars.map((b) => b.style.height)).toEqual(['50%', '25%', '100%']);
    expect(
      result.getByText('Put the tip of your tongue between your teeth for TH.'),
    ).toBeInTheDocument();
    expect(result.getByText('78%')).toBeInTheDocument();
    expect(result.getByRole('img', { name: 'Word score: 74 out of 100' })).toBeInTheDocument();
    await user.click(result.getByRole('button', { name: 'Play the advice voice' }));
    expect(played.at(-1)).toMatch(/\/media\/audio\/model\/thank\.mp3$/);

    await user.click(screen.getByRole('button', { name: 'Next One' }));
    await waitFor(() => expect(location()).toBe('/modules/5/guidedLesson/th-rt-2'));
    expect(progressCalls(server)).toEqual([]);
  });

  it('shows the error_message of status 201 asking to record again', async () => {
    serve(makeDetail({ completed: completedBefore('th-rt-1') }), {
      'POST /v3/ai-smart-coach': () => ({
        body: {
          isError: false,
          ai_data: {
            status: 201,
            data: aiData({
              alignment_info: [],
              letter_based: [],
              custom_result: [],
              score: 0,
              error_message: 'The recording was too quiet. Please record again.',
            }),
          },
        },
      }),
    });
    const { user } = await renderApp('/modules/5/guidedLesson/th-rt-1', { user: subscriber() });
    await start(user);
    await record(user);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const result = within(await screen.findByRole('region', { name: 'AI result' }));
    expect(result.getByRole('alert')).toHaveTextContent(
      'The recording was too quiet. Please record again.',
    );
    // A retake has no scores: none are drawn.
    expect(result.queryByRole('list', { name: 'Sounds' })).not.toBeInTheDocument();
    expect(result.queryByRole('img', { name: /Word score/ })).not.toBeInTheDocument();
  });

  it.each([
    {
      name: 'an unaccepted status with the server message',
      response: {
        body: {
          isError: false,
          ai_data: { status: 500, data: { error_message: 'The word could not be scored.' } },
        },
      },
      message: 'The word could not be scored.',
    },
    {
      name: 'a refused recording with the server message',
      response: {
        status: 503,
        body: {
          isError: true,
          message: 'We saved your recording but could not score it just now. Please try again.',
        },
      },
      message: 'We saved your recording but could not score it just now. Please try again.',
    },
    {
      name: 'no answer body',
      response: { status: 502, body: null },
      message: 'Something went wrong, please record again',
    },
  ])("opens the 'Error' dialog for $name", async ({ response, message }) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serve(makeDetail({ completed: completedBefore('th-rt-1') }), {
      'POST /v3/ai-smart-coach': () => response,
    });
    const { user } = await renderApp('/modules/5/guidedLesson/th-rt-1', { user: subscriber() });
    await start(user);
    await record(user);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent(message);
    expect(screen.queryByRole('region', { name: 'AI result' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next One' })).not.toBeInTheDocument();
    warn.mockRestore();
  });

  it('reports recognising tools only on the last word', async () => {
    const server = serve(makeDetail({ completed: completedBefore('th-rt-2') }), {
      'POST /v3/ai-smart-coach': () => ({
        body: { isError: false, ai_data: { status: 200, data: aiData() } },
      }),
    });
    const { user } = await renderApp('/modules/5/guidedLesson/th-rt-2', { user: subscriber() });
    await record(user);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Great work with the AI coach.')).toBeInTheDocument();
    expect(progressCalls(server)).toEqual([
      { module_id: 5, step: 'guidedLesson', step_id: 'th-rt-2' },
    ]);
  });
});

const fluencyData = (status: 653 | 648, warnings: string[] = []) => ({
  status,
  widgets: [
    {
      widget_data: {
        words: [
          { word: 'I', score: 95 },
          { word: 'think', score: 69 },
          { word: 'Thursday', score: 70 },
        ],
        speech_rate_wpm: 128,
        pause_count: 1,
        pause_ms: 600,
        fluency: 80,
        prosody: 75,
        accuracy: 78,
        completeness: 100,
      },
    },
  ],
  score: [{ score: 78 }],
  voice_urls: [],
  analysis: {
    syllable_score_list: [
      { syllable: 'thurs', word: 'Thursday', score: 60, stress_ok: true },
      { syllable: 'day', word: 'Thursday', score: 85, stress_ok: null },
    ],
    phone_score_list: [{ phone: 'TH', ipa: 'θ', word: 'think', score: 40 }],
  },
  warnings,
  recording_id: 40,
});

describe('lesson player: fluency activities (spec: learning §3 Fluency result, §7, §9)', () => {
  it('colours words below 70 red, shows syllables, sounds and the 648 warnings, then reports the step', async () => {
    const server = serve(makeDetail({ completed: completedBefore('th-fa-1') }), {
      'POST /fluency-evaluation': () => ({
        body: { isError: false, ai_data: fluencyData(648, ['A long pause before "third".']) },
      }),
      'POST /review/store': () => ({ body: { isError: false, message: 'Thanks.' } }),
    });
    const { user } = await renderApp('/modules/5/fluencyActivity/th-fa-1', { user: subscriber() });
    expect(await screen.findByText('Now say a whole sentence.')).toBeInTheDocument();
    await start(user);
    await record(user);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const result = within(await screen.findByRole('region', { name: 'Fluency result' }));
    expect(fields(formOf('/fluency-evaluation'))).toEqual({
      module_id: '5',
      module_code: 'th',
      text: 'I think Thursday is the third.',
    });
    const words = within(result.getByRole('list', { name: 'Words' })).getAllByRole('listitem');
    expect(words.map((w) => [w.textContent, w.getAttribute('data-tone')])).toEqual([
      ['I', 'green'],
      ['think', 'red'],
      ['Thursday', 'green'],
    ]);
    const syllables = within(result.getByRole('list', { name: 'Syllables' })).getAllByRole(
      'listitem',
    );
    expect(syllables.map((s) => [s.textContent, s.getAttribute('data-tone')])).toEqual([
      ['thurs', 'red'],
      ['day', 'green'],
    ]);
    expect(result.getByLabelText('θ in think: 40')).toHaveAttribute('data-tone', 'red');
    expect(result.getByRole('alert')).toHaveTextContent('A long pause before "third".');
    expect(result.getByRole('img', { name: 'Fluency score: 78 out of 100' })).toBeInTheDocument();

    // The learner rates the activity (POST /review/store).
    const rating = within(screen.getByRole('region', { name: 'Rate this activity' }));
    expect(rating.getByRole('button', { name: 'Send rating' })).toBeDisabled();
    // Keyboard choice (jsdom has no layout for the star pointer hit-test).
    rating.getByRole('radio', { name: '4 stars' }).focus();
    await user.keyboard('{Enter}');
    await user.type(rating.getByLabelText('Your comment (optional)'), 'Useful sentence.');
    await user.click(rating.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText('Thanks for your rating.')).toBeInTheDocument();
    expect(server.calls('POST /review/store')[0]?.body).toEqual({
      fluency_activities_id: 51,
      rating: 4,
      review: 'Useful sentence.',
    });

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Your sentences flow.')).toBeInTheDocument();
    expect(progressCalls(server)).toEqual([
      { module_id: 5, step: 'fluencyActivity', step_id: 'th-fa-1' },
    ]);
  });

  it('shows no warning for status 653', async () => {
    serve(makeDetail({ completed: completedBefore('th-fa-1') }), {
      'POST /fluency-evaluation': () => ({ body: { isError: false, ai_data: fluencyData(653) } }),
    });
    const { user } = await renderApp('/modules/5/fluencyActivity/th-fa-1', { user: subscriber() });
    await start(user);
    await record(user);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const result = within(await screen.findByRole('region', { name: 'Fluency result' }));
    expect(result.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the retake reason of a refused fluency recording in the 'Error' dialog", async () => {
    serve(makeDetail({ completed: completedBefore('th-fa-1') }), {
      'POST /fluency-evaluation': () => ({
        status: 422,
        body: {
          isError: true,
          message: 'We could not hear enough speech. Please record again.',
          errors: { recorded_file: 'too_quiet' },
        },
      }),
    });
    const { user } = await renderApp('/modules/5/fluencyActivity/th-fa-1', { user: subscriber() });
    await start(user);
    await record(user);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(
      'We could not hear enough speech. Please record again.',
    );
  });

  it("opens the 'Error' dialog for any other status", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = serve(makeDetail({ completed: completedBefore('th-fa-1') }), {
      'POST /fluency-evaluation': () => ({
        body: {
          isError: false,
          ai_data: { status: 500, data: { error_message: 'Please speak the whole sentence.' } },
        },
      }),
    });
    const { user } = await renderApp('/modules/5/fluencyActivity/th-fa-1', { user: subscriber() });
    await start(user);
    await record(user);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(
      'Please speak the whole sentence.',
    );
    expect(screen.queryByRole('region', { name: 'Fluency result' })).not.toBeInTheDocument();
    expect(progressCalls(server)).toEqual([]);
    warn.mockRestore();
  });
});

describe('review (spec: learning §2)', () => {
  it('shows the module results and Done goes back to the module', async () => {
    const server = serve(makeDetail(), {
      'GET /recordings/3/audio': () => ({ body: 'ID3-audio-bytes' }),
      'POST /module/review': () => ({
        body: {
          isError: false,
          data: {
            module: {
              id: 5,
              title: 'TH sounds',
              sub_title: 'Think and this',
              icon_url: '/media/images/th.svg',
              score: 81,
              user_progress: 100,
              is_unlocked: true,
              is_feed_back_avilable: false,
              is_feedback_pending: false,
              intro_module: false,
              sounds: ['TH'],
            },
            userdata: {
              module_score: 81,
              completed_steps: 12,
              total_steps: 12,
              weakest_sounds: [
                { phone: 'TH', ipa: 'θ', score: 55 },
                { phone: 'AO', ipa: 'ɔ', score: 76 },
              ],
              recordings: [
                {
                  id: 3,
                  title: 'thank',
                  url: '/api/recordings/3/audio',
                  score: 74,
                  created_at: '2026-11-21T10:00:00Z',
                },
                {
                  id: 4,
                  title: 'mouth',
                  url: '/api/recordings/4/audio',
                  score: 61,
                  created_at: '2026-11-21T10:01:00Z',
                },
              ],
            },
          },
        },
      }),
    });
    const { user, location } = await renderApp('/modules/5/review', { user: subscriber() });
    expect(await screen.findByRole('heading', { name: 'Review: TH sounds' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Module score: 81 out of 100' })).toBeInTheDocument();
    expect(screen.getByText('12 of 12 steps completed')).toBeInTheDocument();
    // Sounds to keep practising take the score colours (§4: under 70 red, 70–89 yellow).
    expect(screen.getByText('/θ/ 55').closest('[data-tone]')).toHaveAttribute('data-tone', 'red');
    expect(screen.getByText('/ɔ/ 76').closest('[data-tone]')).toHaveAttribute('data-tone', 'yellow');
    expect(server.calls('POST /module/review')[0]?.body).toEqual({ module_id: 5 });

    // Each recording plays from its own URL (the player itself is tested in components/audio).
    expect(screen.getByRole('button', { name: 'Play Your recording: mouth' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Play Your recording: thank' }));
    await waitFor(() => expect(played).toHaveLength(1));
    expect(server.calls('GET /recordings/3/audio')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(location()).toBe('/modules/5');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { User } from '@clearspeak/contract';
import {
  installFakeAudio,
  uninstallFakeAudio,
} from '@/components/recorder/test-fixtures/fake-browser-audio';
import {
  makeAiNotification,
  makeAssessmentResult,
} from '@/components/assessment-result/test-fixtures';
import { installFakeServer, makeUser, type FakeHandler } from '@/test/fake-server';
import { getCurrentSession } from '@/lib/session-store';
import { renderApp } from '@/test/render-app';
import {
  ANONYMOUS_FINISHED,
  COULD_NOT_RETRIEVE,
  LANGUAGE_REQUIRED,
  QUIT_QUESTION,
  SKIP_QUESTION,
  TRY_LATER,
  UPLOAD_FAILED,
} from '../lib/messages';

// The real app at /initialAssessment; only fetch (the server) and the browser's microphone
// (jsdom has none) are faked.

const ANON_ID = '0b7c4e52-9a61-4f3e-8d2a-5c9e1f0a7b34';

const ITEMS = [
  { id: 1, title: 'think', kind: 'word' as const, sounds: ['TH'], audio_url: null },
  {
    id: 2,
    title: 'A very good day',
    kind: 'sentence' as const,
    sounds: ['V', 'D'],
    audio_url: null,
  },
];
const TIPS = ['Hang Tight! We are listening to every sound you made.', 'Practise a little daily.'];

const itemsBody = (items = ITEMS) => ({
  body: { isError: false, initial_assessments: items, tips: TIPS },
});

const statusBody = (completed: boolean, notificationId: number | null = null) => ({
  body: {
    isError: false,
    is_user_completed: completed,
    is_recommended_module_avilable: completed,
    notification_id: notificationId,
  },
});

const variable =
  (value: number, videoUrl: string | null): FakeHandler =>
  (request) => ({
    body: { isError: false, key: request.query.get('key'), value, video_url: videoUrl },
  });

function serve(handlers: Record<string, FakeHandler> = {}) {
  let recordId = 900;
  return installFakeServer({
    'GET /variables': variable(0, '/media/intro/english.mp4'),
    'GET /initial-assessment-status': () => statusBody(false),
    'GET /get-user-notifications': () => ({ body: { isError: false, notifications: [] } }),
    'GET /get-unread-notification-count': () => ({ body: { isError: false, count: 0 } }),
    'GET /generate-anonymous-id': () => ({ body: { isError: false, gen_uuid: ANON_ID } }),
    'GET /initial-assessments': () => itemsBody(),
    'GET /v2/initial-assessments': () => itemsBody(),
    'POST /upload-initial-assessment-record': () => ({
      body: { isError: false, message: 'Stored.', assessment_record_id: ++recordId },
    }),
    'POST /v2/upload-initial-assessment-record': () => ({
      body: { isError: false, message: 'Stored.', assessment_record_id: ++recordId },
    }),
    'POST /upload-ai-server': () => ({
      body: { isError: false, ai_response: { data: makeAssessmentResult() } },
    }),
    'POST /v2/upload-ai-server': () => ({
      body: { isError: false, message: 'Scored.', assessment_id: 77 },
    }),
    ...handlers,
  });
}

/** The multipart bodies sent to a path (the fake server records only JSON bodies). */
function formsTo(path: string): Record<string, string>[] {
  return vi
    .mocked(globalThis.fetch)
    .mock.calls.filter(([input]) => new URL(String(input), 'http://x').pathname === `/api${path}`)
    .map(([, init]) => {
      const out: Record<string, string> = {};
      const body = init?.body;
      if (body instanceof FormData) {
        body.forEach((value, name) => {
          out[name] = typeof value === 'string' ? value : `file:${(value as File).name}`;
        });
      }
      return out;
    });
}

type AppUser = Awaited<ReturnType<typeof renderApp>>['user'];

async function record(user: AppUser) {
  await user.click(await screen.findByRole('button', { name: 'Start recording' }));
  await screen.findByRole('button', { name: 'Stop recording' });
  await new Promise((resolve) => setTimeout(resolve, 300));
  await user.click(screen.getByRole('button', { name: 'Stop recording' }));
  await screen.findByRole('button', { name: 'Play recording' });
}

async function chooseRadio(user: AppUser, language: string) {
  await user.click(await screen.findByRole('button', { name: 'Start' }));
  await user.click(await screen.findByRole('radio', { name: language }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

function progress() {
  return screen.getByRole('progressbar', { name: 'Assessment progress' });
}

beforeEach(() => {
  installFakeAudio();
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});

afterEach(() => {
  uninstallFakeAudio();
});

const learner = (overrides: Partial<User> = {}) => makeUser(overrides);

describe('/initialAssessment — anonymous visitor (spec: accounts §2, §3, §6)', () => {
  it('takes the whole assessment with a generated, stored id and the v2 calls, then asks to sign up', async () => {
    const server = serve();
    const { user, location } = await renderApp('/initialAssessment');

    // Step 0: Start only (Not Now is for signed-in users), on the public page (no shell).
    expect(await screen.findByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Fluency Assessment', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Not Now' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start' }));

    // Step 1: "Other" opens the dropdown; the choice is required.
    await user.click(await screen.findByRole('radio', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(LANGUAGE_REQUIRED)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Choose your native language', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Bengali' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Step 2: the id is generated, stored and sent.
    expect(await screen.findByRole('heading', { name: 'Say: think' })).toBeInTheDocument();
    expect(localStorage.getItem('anonymousUserId')).toBe(ANON_ID);
    expect(server.calls('GET /generate-anonymous-id')).toHaveLength(1);
    expect(server.calls('GET /v2/initial-assessments')[0]?.query.get('anonymousUserId')).toBe(
      ANON_ID,
    );
    expect(server.calls('GET /initial-assessments')).toHaveLength(0);
    expect(progress()).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('0 of 2 done')).toBeInTheDocument();

    await record(user);
    await user.click(screen.getByRole('button', { name: 'Next One' }));
    expect(
      await screen.findByRole('heading', { name: 'Say: A very good day' }),
    ).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('1 of 2 done')).toBeInTheDocument();

    await record(user);
    await user.click(screen.getByRole('button', { name: 'Next One' }));

    // Step 5: the sign-up prompt, never the result.
    expect(await screen.findByText(ANONYMOUS_FINISHED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('img', { name: /Overall score/ })).not.toBeInTheDocument();

    const uploads = formsTo('/v2/upload-initial-assessment-record');
    expect(uploads).toHaveLength(2);
    expect(uploads[0]).toMatchObject({
      anonymousUserId: ANON_ID,
      initial_assessment_id: '1',
      text: 'think',
      native_language: 'Bengali',
      recorded_file: 'file:recording.mp3',
    });
    expect(uploads[0]?.duration).toMatch(/^\d{2}:\d{2}$/);
    expect(uploads[1]).toMatchObject({ initial_assessment_id: '2', text: 'A very good day' });
    expect(formsTo('/upload-initial-assessment-record')).toHaveLength(0);
    expect(server.calls('POST /v2/upload-ai-server')[0]?.body).toEqual({
      assessment_record_ids: [901, 902],
      texts: ['think', 'A very good day'],
      questions: [1, 2],
      native_language: 'Bengali',
      anonymousUserId: ANON_ID,
    });
    expect(server.calls('POST /upload-ai-server')).toHaveLength(0);

    await user.click(screen.getByRole('link', { name: 'Sign Up' }));
    expect(location()).toBe('/signup');
  });

  it('reuses a stored anonymous id instead of asking for a new one', async () => {
    const stored = '4f8d2a9e-1b3c-4d5e-8f70-123456789abc';
    localStorage.setItem('anonymousUserId', stored);
    const server = serve();
    const { user } = await renderApp('/initialAssessment');
    await chooseRadio(user, 'Arabic');
    expect(await screen.findByRole('heading', { name: 'Say: think' })).toBeInTheDocument();
    expect(server.calls('GET /generate-anonymous-id')).toHaveLength(0);
    expect(server.calls('GET /v2/initial-assessments')[0]?.query.get('anonymousUserId')).toBe(
      stored,
    );
  });
});

describe('/initialAssessment — signed-in learner', () => {
  it('uploads with the session, shows the AI result and continues to /modules', async () => {
    let isScored = false;
    const server = serve({
      'GET /initial-assessments': () => itemsBody([ITEMS[0]!]),
      'GET /initial-assessment-status': () => statusBody(isScored, isScored ? 31 : null),
      'POST /upload-ai-server': () => {
        isScored = true;
        return { body: { isError: false, ai_response: { data: makeAssessmentResult() } } };
      },
    });
    const { user, location } = await renderApp('/initialAssessment', {
      user: learner(),
      state: { banner: true },
    });
    // The banner flag from the modules page (spec: learning §2).
    expect(await screen.findByRole('region', { name: 'Assessment banner' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Fluency Assessment', level: 1 }),
    ).toBeInTheDocument();
    await chooseRadio(user, 'Spanish');

    await screen.findByRole('heading', { name: 'Say: think' });
    // A recording is required before Next One (spec: accounts §4).
    expect(screen.getByRole('button', { name: 'Next One' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    // The 45 s cap (spec: accounts §4, §9).
    expect(await screen.findByRole('timer')).toHaveTextContent('left of 0:45');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    await screen.findByRole('button', { name: 'Play recording' });
    expect(screen.getByRole('button', { name: 'Next One' })).toBeEnabled();
    // Try Again discards it: Next One needs a recording again.
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await user.click(await screen.findByRole('button', { name: 'Delete and record again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next One' })).toBeDisabled());
    await record(user);
    expect(screen.getByRole('button', { name: 'Next One' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Next One' }));

    // Step 4: the result.
    expect(
      await screen.findByRole('img', { name: 'Overall score: 64 out of 100' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Your vowels are clear; the TH sounds need the most work.'),
    ).toBeInTheDocument();
    const focus = within(screen.getByRole('region', { name: 'Sounds to work on first' }));
    expect(focus.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Sound θ',
      'Sound v',
      'Sound ɪ',
    ]);
    expect(focus.getByText('Put the tip of your tongue between your teeth.')).toBeInTheDocument();
    // Word colours as on the fluency words: < 70 red, otherwise green.
    const sentence = within(screen.getByRole('article', { name: 'A very good day' }));
    expect(sentence.getByLabelText('very: 69')).toHaveAttribute('data-color', 'red');
    expect(sentence.getByLabelText('good: 90')).toHaveAttribute('data-color', 'green');
    // The recording's overall score is labelled and neutral: a red 42 beside a green word
    // read as a contradiction.
    const think = within(screen.getByRole('article', { name: 'think' }));
    expect(think.getByLabelText('Overall for this recording: 42')).toHaveTextContent('Overall 42');
    expect(think.getByLabelText('Overall for this recording: 42')).toHaveStyle({ color: 'var(--mantine-color-gray-8)' });
    expect(screen.getByText(/Weak sounds:/)).toHaveTextContent('/θ/ in “think”');
    expect(screen.getByText('Slow down on words with TH.')).toBeInTheDocument();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Play Listen: think, thank, thing' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(
      screen.getByRole('button', { name: 'Stop Listen: think, thank, thing' }),
    ).toBeInTheDocument();

    const [upload] = formsTo('/upload-initial-assessment-record');
    expect(upload).toMatchObject({
      initial_assessment_id: '1',
      text: 'think',
      native_language: 'Spanish',
    });
    expect(upload).not.toHaveProperty('anonymousUserId');
    expect(server.calls('POST /upload-ai-server')[0]).toMatchObject({
      authorization: 'Bearer stored-token-1',
      body: {
        assessment_record_ids: [901],
        texts: ['think'],
        questions: [1],
        native_language: 'Spanish',
      },
    });
    expect(server.calls('GET /generate-anonymous-id')).toHaveLength(0);
    // The status is asked again (the study plan now exists) but the result stays on screen.
    await waitFor(() => expect(server.calls('GET /initial-assessment-status')).toHaveLength(2));
    expect(location()).toBe('/initialAssessment');
    expect(screen.getByRole('img', { name: 'Overall score: 64 out of 100' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Continue' }));
    expect(location()).toBe('/modules');
  });

  it('keeps the native language it chose in the stored session user (the server saved it to the profile)', async () => {
    const server = serve({
      'GET /initial-assessments': () => itemsBody(),
      'GET /get-user-data': () => ({
        body: { isError: false, userDetails: learner({ native_language: 'Hindi' }) },
      }),
    });
    const { user } = await renderApp('/initialAssessment', { user: learner() });
    await chooseRadio(user, 'Hindi');
    await screen.findByRole('heading', { name: 'Say: think' });
    await record(user);
    await user.click(screen.getByRole('button', { name: 'Next One' }));
    await screen.findByRole('heading', { name: 'Say: A very good day' });
    expect(formsTo('/upload-initial-assessment-record')[0]).toMatchObject({
      native_language: 'Hindi',
    });
    await waitFor(() => expect(getCurrentSession()?.session.user.native_language).toBe('Hindi'));
    expect(server.calls('GET /get-user-data')).toHaveLength(1);
    // Asked once: the second item does not ask again.
    await record(user);
    await user.click(screen.getByRole('button', { name: 'Next One' }));
    await screen.findByRole('img', { name: 'Overall score: 64 out of 100' });
    expect(server.calls('GET /get-user-data')).toHaveLength(1);
  });

  it('asks "Are you sure you want to skip?" on Not Now: Stay stays, Skip goes to /modules', async () => {
    serve();
    const { user, location } = await renderApp('/initialAssessment', { user: learner() });
    await user.click(await screen.findByRole('button', { name: 'Not Now' }));
    let dialog = await screen.findByRole('dialog', { name: 'Skip the assessment' });
    expect(within(dialog).getByText(SKIP_QUESTION)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/initialAssessment');

    await user.click(screen.getByRole('button', { name: 'Not Now' }));
    dialog = await screen.findByRole('dialog', { name: 'Skip the assessment' });
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    expect(location()).toBe('/modules');
  });

  it('asks "Are you sure you want to quit?" when leaving mid-way', async () => {
    serve();
    const { user, location } = await renderApp('/initialAssessment', { user: learner() });
    await chooseRadio(user, 'Hindi');
    await screen.findByRole('heading', { name: 'Say: think' });

    await user.click(screen.getByRole('button', { name: 'Close' }));
    let dialog = await screen.findByRole('dialog', { name: 'Quit the assessment' });
    expect(within(dialog).getByText(QUIT_QUESTION)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(location()).toBe('/initialAssessment');
    expect(screen.getByRole('heading', { name: 'Say: think' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    dialog = await screen.findByRole('dialog', { name: 'Quit the assessment' });
    await user.click(within(dialog).getByRole('button', { name: 'Quit' }));
    await waitFor(() => expect(location()).toBe('/modules'));
  });

  it('lets a learner sign out mid-way without asking', async () => {
    serve();
    const { user, location } = await renderApp('/initialAssessment', { user: learner() });
    await chooseRadio(user, 'Hindi');
    await screen.findByRole('heading', { name: 'Say: think' });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(screen.queryByText(QUIT_QUESTION)).not.toBeInTheDocument();
  });

  it('does not ask before leaving the intro', async () => {
    serve();
    const { user, location } = await renderApp('/initialAssessment', { user: learner() });
    await screen.findByRole('button', { name: 'Start' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toBe('/modules'));
    expect(screen.queryByText(QUIT_QUESTION)).not.toBeInTheDocument();
  });

  it('sends a learner who already completed it straight to the AI feedback notification', async () => {
    const server = serve({
      'GET /initial-assessment-status': () => statusBody(true, 31),
      'GET /get-user-notifications': () => ({
        body: { isError: false, notifications: [makeAiNotification({ is_read: true })] },
      }),
      'GET /get-ai-coach-feedback': () => ({
        body: { isError: false, ai_response: { data: makeAssessmentResult() } },
      }),
    });
    const { location } = await renderApp('/initialAssessment', { user: learner() });
    expect(
      await screen.findByRole('img', { name: 'Overall score: 64 out of 100' }),
    ).toBeInTheDocument();
    expect(location()).toBe('/notifications/31');
    expect(server.calls('GET /initial-assessments')).toHaveLength(0);
  });
});

describe('/initialAssessment — intro video (spec: accounts §2, §9)', () => {
  it('shows the native-language video for an odd value', async () => {
    const server = serve({ 'GET /variables': variable(3, '/media/intro/spanish.mp4') });
    await renderApp('/initialAssessment', { user: learner({ native_language: 'Spanish' }) });
    const video = await screen.findByLabelText('Assessment introduction video');
    expect(video).toHaveAttribute('src', '/media/intro/spanish.mp4');
    expect(screen.queryByRole('region', { name: 'Assessment banner' })).not.toBeInTheDocument();
    expect(video).toHaveAttribute('data-language', 'spanish');
    expect(server.calls('GET /variables').map((r) => r.query.get('key'))).toEqual([
      'spanish-asmtvideo',
    ]);
  });

  it('shows the English video for an even value', async () => {
    const server = serve({
      'GET /variables': (request) =>
        variable(
          request.query.get('key') === 'english-asmtvideo' ? 0 : 4,
          request.query.get('key') === 'english-asmtvideo'
            ? '/media/intro/english.mp4'
            : '/media/intro/spanish.mp4',
        )(request),
    });
    await renderApp('/initialAssessment', { user: learner({ native_language: 'Spanish' }) });
    const video = await screen.findByLabelText('Assessment introduction video');
    expect(video).toHaveAttribute('src', '/media/intro/english.mp4');
    expect(server.calls('GET /variables').map((r) => r.query.get('key'))).toEqual([
      'spanish-asmtvideo',
      'english-asmtvideo',
    ]);
  });
});

describe('/initialAssessment — errors (spec: accounts §8)', () => {
  it('says "We could not retrieve your message" for an empty recording and uploads nothing', async () => {
    serve();
    const { user } = await renderApp('/initialAssessment', { user: learner() });
    await chooseRadio(user, 'Spanish');
    await screen.findByRole('heading', { name: 'Say: think' });
    await record(user);
    // The browser handed back no audio (a failed encoder or a lost blob).
    vi.spyOn(Blob.prototype, 'size', 'get').mockReturnValue(0);
    await user.click(screen.getByRole('button', { name: 'Next One' }));
    expect(await screen.findByText(COULD_NOT_RETRIEVE, { exact: false })).toBeInTheDocument();
    expect(formsTo('/upload-initial-assessment-record')).toHaveLength(0);
  });

  it('says "Something went wrong, Please try again later" when the items fail to load', async () => {
    serve({
      'GET /initial-assessments': () => ({ status: 500, body: { isError: true, message: 'Down' } }),
    });
    const { user } = await renderApp('/initialAssessment', { user: learner() });
    await chooseRadio(user, 'Chinese');
    expect(await screen.findByRole('alert')).toHaveTextContent(TRY_LATER);
    expect(screen.queryByRole('button', { name: 'Start recording' })).not.toBeInTheDocument();
  });

  it('says "Something went wrong, please record again" when an upload fails, and keeps the recording', async () => {
    let failures = 1;
    serve({
      'POST /upload-initial-assessment-record': () =>
        failures-- > 0
          ? { status: 500, body: { isError: true, message: 'Disk full' } }
          : { body: { isError: false, message: 'Stored.', assessment_record_id: 5 } },
    });
    const { user } = await renderApp('/initialAssessment', { user: learner() });
    await chooseRadio(user, 'Portuguese');
    await screen.findByRole('heading', { name: 'Say: think' });
    await record(user);
    await user.click(screen.getByRole('button', { name: 'Next One' }));
    expect(await screen.findByText(UPLOAD_FAILED, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Say: think' })).toBeInTheDocument();
    // The same recording can be sent again.
    await user.click(screen.getByRole('button', { name: 'Next One' }));
    expect(
      await screen.findByRole('heading', { name: 'Say: A very good day' }),
    ).toBeInTheDocument();
  });

  it('says "Something went wrong, Please try again later" when scoring fails, and can ask again', async () => {
    let failures = 1;
    let answerFirst: () => void = () => undefined;
    const server = serve({
      'GET /initial-assessments': () => itemsBody([ITEMS[0]!]),
      'POST /upload-ai-server': async () => {
        if (failures-- > 0) {
          // The first scoring waits, so the waiting screen can be seen.
          await new Promise<void>((resolve) => {
            answerFirst = resolve;
          });
          return { status: 500, body: { isError: true, message: 'Engine down' } };
        }
        return { body: { isError: false, ai_response: { data: makeAssessmentResult() } } };
      },
    });
    const { user } = await renderApp('/initialAssessment', { user: learner() });
    await chooseRadio(user, 'Persian');
    await screen.findByRole('heading', { name: 'Say: think' });
    await record(user);
    await user.click(screen.getByRole('button', { name: 'Next One' }));
    // Step 3: the waiting screen, whose first tip starts "Hang Tight!".
    expect(await screen.findByRole('note', { name: /^Hang Tight!/ })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Analysing your recordings' })).toBeInTheDocument();
    answerFirst();
    expect(await screen.findByRole('alert')).toHaveTextContent(TRY_LATER);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('img', { name: 'Overall score: 64 out of 100' }),
    ).toBeInTheDocument();
    expect(server.calls('POST /upload-ai-server')).toHaveLength(2);
  });
});

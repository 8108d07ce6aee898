import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/lib/theme';
import { AUDIO_FALLBACK_TEXT, DEFAULT_SUBMIT_ERROR, RecorderPanel, type RecorderPanelProps } from './recorder-panel.tsx';
import type { Recording } from './recorder.ts';
import { installFakeAudio, uninstallFakeAudio, type FakeAudioHandle } from './test-fixtures/fake-browser-audio.ts';

// Browser APIs jsdom lacks are faked in test-fixtures; the panel, hook, engine and encoders are real.

let audio: FakeAudioHandle;
let play: ReturnType<typeof vi.fn<() => Promise<void>>>;
let pause: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  vi.useFakeTimers();
  audio = installFakeAudio();
  // jsdom does not implement media playback.
  play = vi.fn<() => Promise<void>>(() => Promise.resolve());
  pause = vi.fn<() => void>();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause);
});

afterEach(() => {
  uninstallFakeAudio();
});

function renderPanel(props: Partial<RecorderPanelProps> = {}) {
  const onSubmit = props.onSubmit ?? vi.fn(() => Promise.resolve());
  const view = render(
    <MantineProvider theme={theme} env="test">
      <RecorderPanel submitLabel="Submit" {...props} onSubmit={onSubmit} />
    </MantineProvider>,
  );
  return { onSubmit, ...view };
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Lets pending promises and timers due now run, then queries (Testing Library's findBy* polls with real timers). */
async function findButton(name: string) {
  await advance(0);
  return screen.getByRole('button', { name });
}

/**
 * Clicks and lets the resulting promises settle. fireEvent rather than user-event: with
 * fake timers (the 45 s limit is tested by the clock) user-event and findBy* wait on
 * setTimeout and never return.
 */
async function click(element: HTMLElement) {
  fireEvent.click(element);
  await advance(0);
}

async function recordFor(ms: number) {
  await click(screen.getByRole('button', { name: 'Start recording' }));
  await advance(ms);
  await click(screen.getByRole('button', { name: 'Stop recording' }));
  await advance(0);
  await findButton('Play recording');
}

describe('RecorderPanel (spec: learning-experience §4 Recording, §5)', () => {
  it('records with a countdown and a level meter, stops, plays back, and submits the recording', async () => {
    const { onSubmit } = renderPanel();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled(); // §5: a recording is required before submitting

    await click(screen.getByRole('button', { name: 'Start recording' }));
    expect(await findButton('Stop recording')).toBeEnabled();
    expect(screen.getByRole('timer')).toHaveTextContent('0:45 left of 0:45');

    await advance(2500);
    expect(screen.getByRole('timer')).toHaveTextContent('0:43 left of 0:45');
    const meter = screen.getByRole('meter', { name: 'Microphone level' });
    expect(Number(meter.getAttribute('aria-valuenow'))).toBeGreaterThan(50);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();

    await click(screen.getByRole('button', { name: 'Stop recording' }));
    await advance(0);
    const playButton = await findButton('Play recording');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByText('Your recording: 0:03')).toBeInTheDocument(); // 2.5 s rounds up
    const audioElement = document.querySelector('audio');
    expect(audioElement).toHaveAttribute('src', audio.createdUrls[0]);
    expect(audioElement).toHaveTextContent(AUDIO_FALLBACK_TEXT);
    // The microphone is released once the recording is made.
    expect(audio.streams[0]?.tracks[0]?.readyState).toBe('ended');

    await click(playButton);
    expect(play).toHaveBeenCalledTimes(1);
    const pauseButton = screen.getByRole('button', { name: 'Pause recording' });
    Object.defineProperty(audioElement, 'paused', { value: false, configurable: true });
    await click(pauseButton);
    expect(pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play recording' })).toBeInTheDocument();
    Object.defineProperty(audioElement, 'paused', { value: true, configurable: true });

    const enabledSubmit = screen.getByRole('button', { name: 'Submit' });
    expect(enabledSubmit).toBeEnabled();
    await click(enabledSubmit);
    await advance(0);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const submitted = vi.mocked(onSubmit).mock.calls[0]?.[0] as Recording | undefined;
    expect(submitted?.mimeType).toBe('audio/mpeg');
    expect(submitted?.durationMs).toBe(2500);
    expect(submitted?.url).toBe(audio.createdUrls[0]);
    // Sent once: sending the same recording again would only duplicate the upload.
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('uses the label it is given for the submit button', async () => {
    const { onSubmit } = renderPanel({ submitLabel: 'Next One' } as Partial<RecorderPanelProps>);
    expect(screen.getByRole('button', { name: 'Next One' })).toBeDisabled();
    await recordFor(1000);
    await click(screen.getByRole('button', { name: 'Next One' }));
    await advance(0);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('asks before Try Again discards the recording', async () => {
    const onRecordingChange = vi.fn();
    renderPanel({ onRecordingChange });
    await recordFor(1000);
    const url = audio.createdUrls[0];
    expect(onRecordingChange).toHaveBeenLastCalledWith(expect.objectContaining({ url, durationMs: 1000 }));

    await click(screen.getByRole('button', { name: 'Try Again' }));
    const dialog = screen.getByRole('dialog', { name: 'Record again?' });
    await click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play recording' })).toBeInTheDocument();
    expect(audio.revokedUrls).toEqual([]);

    await click(screen.getByRole('button', { name: 'Try Again' }));
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete and record again' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start recording' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Play recording' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(audio.revokedUrls).toEqual([url]);
    expect(onRecordingChange).toHaveBeenLastCalledWith(null);

    await recordFor(600);
    expect(onRecordingChange).toHaveBeenLastCalledWith(expect.objectContaining({ durationMs: 600 }));
  });

  it('shows a busy submit, then an inline error that keeps the recording for another try', async () => {
    let rejectFirst: (error: unknown) => void = () => undefined;
    const onSubmit = vi
      .fn<(recording: Recording) => Promise<void>>()
      .mockImplementationOnce(() => new Promise((_, reject) => (rejectFirst = reject)))
      .mockImplementationOnce(() => Promise.reject(new Error('')))
      .mockImplementationOnce(() => Promise.resolve());
    renderPanel({ onSubmit });
    await recordFor(1500);

    await click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeDisabled();

    await act(async () => {
      rejectFirst(new Error('Upload failed: the server is busy.'));
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Upload failed: the server is busy.');
    expect(alert).toHaveTextContent('Your recording is kept');
    expect(screen.getByRole('button', { name: 'Play recording' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(audio.revokedUrls).toEqual([]);

    // An error without a message falls back to the spec's default (§8).
    await click(screen.getByRole('button', { name: 'Submit' }));
    await advance(0);
    expect(screen.getByRole('alert')).toHaveTextContent(DEFAULT_SUBMIT_ERROR);

    await click(screen.getByRole('button', { name: 'Submit' }));
    await advance(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const sent = onSubmit.mock.calls.map((call) => call[0]);
    expect(sent).toHaveLength(3);
    expect(sent[2]).toBe(sent[0]); // the very same recording, nothing lost
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();

    // A new recording can be sent again.
    await click(screen.getByRole('button', { name: 'Try Again' }));
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete and record again' }));
    await recordFor(800);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('stops by itself at 45 seconds (spec: learning-experience §9)', async () => {
    renderPanel();
    await click(screen.getByRole('button', { name: 'Start recording' }));
    await advance(44_000);
    expect(screen.getByRole('timer')).toHaveTextContent('0:01 left');
    await advance(1_000);
    expect(await findButton('Play recording')).toBeInTheDocument();
    expect(screen.getByText('Your recording: 0:45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('explains how to allow a refused microphone and records after Try again', async () => {
    uninstallFakeAudio();
    audio = installFakeAudio({ getUserMediaError: 'NotAllowedError' });
    renderPanel();
    await click(screen.getByRole('button', { name: 'Start recording' }));
    await advance(0);
    expect(screen.getByText('Microphone access is blocked')).toBeInTheDocument();
    expect(screen.getByText(/set Microphone to Allow/)).toBeInTheDocument();
    expect(screen.getByText(/open the Settings app, tap Safari/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();

    // Still refused: the message stays, the page is not dead.
    await click(screen.getByRole('button', { name: 'Try again' }));
    await advance(0);
    expect(audio.getUserMedia).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Microphone access is blocked')).toBeInTheDocument();

    audio.allowMicrophone();
    await click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findButton('Stop recording')).toBeInTheDocument();
    expect(screen.queryByText('Microphone access is blocked')).not.toBeInTheDocument();
  });

  it('says when there is no microphone and offers Try again', async () => {
    uninstallFakeAudio();
    audio = installFakeAudio({ getUserMediaError: 'NotFoundError' });
    renderPanel();
    await click(screen.getByRole('button', { name: 'Start recording' }));
    await advance(0);
    expect(screen.getByText('No microphone found')).toBeInTheDocument();
    expect(screen.getByText(/Plug in a headset or microphone/)).toBeInTheDocument();
    expect(screen.queryByText('Microphone access is blocked')).not.toBeInTheDocument();

    audio.allowMicrophone();
    await click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findButton('Stop recording')).toBeInTheDocument();
  });

  it('releases the microphone when the screen goes away mid-recording', async () => {
    const { unmount } = renderPanel();
    await click(screen.getByRole('button', { name: 'Start recording' }));
    await findButton('Stop recording');
    expect(audio.streams[0]?.tracks[0]?.readyState).toBe('live');
    unmount();
    expect(audio.streams[0]?.tracks[0]?.readyState).toBe('ended');
    expect(audio.contexts()[0]?.state).toBe('closed');
  });
});

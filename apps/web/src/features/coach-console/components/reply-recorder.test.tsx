import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Recording } from '@/components/recorder';
import { installFakeAudio, uninstallFakeAudio, type FakeAudioHandle } from '@/components/recorder/test-fixtures/fake-browser-audio';
import { ApiError } from '@/lib/api';
import { theme } from '@/lib/theme';
import { ReplyRecorder, type SavedReply } from './reply-recorder';

// The browser's microphone and Web Audio are faked (test-fixtures); the recorder engine is real.

let audio: FakeAudioHandle;

beforeEach(() => {
  vi.useFakeTimers();
  audio = installFakeAudio();
});

afterEach(() => {
  uninstallFakeAudio();
});

interface HarnessProps {
  onUpload: (recording: Recording) => Promise<SavedReply>;
  onChange: (saved: SavedReply | null) => void;
  onSavingChange: (isSaving: boolean) => void;
}

function Harness({ onUpload, onChange, onSavingChange }: HarnessProps) {
  const [saved, setSaved] = useState<SavedReply | null>(null);
  return (
    <ReplyRecorder
      label="recording 1"
      saved={saved}
      onSavingChange={onSavingChange}
      onUpload={onUpload}
      onChange={(next) => {
        setSaved(next);
        onChange(next);
      }}
    />
  );
}

function renderRecorder(onUpload: (recording: Recording) => Promise<SavedReply>) {
  const onChange = vi.fn<(saved: SavedReply | null) => void>();
  const onSavingChange = vi.fn<(isSaving: boolean) => void>();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env="test">
        <Harness onUpload={onUpload} onChange={onChange} onSavingChange={onSavingChange} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { onChange, onSavingChange };
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** fireEvent, not user-event: with fake timers (the recorder's clock) user-event waits forever. */
async function click(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
  await advance(0);
}

async function recordFor(ms: number) {
  await click('Record a reply to recording 1');
  await advance(ms);
  await click('Stop recording the reply to recording 1');
  await advance(0);
}

describe('ReplyRecorder', () => {
  it('uploads the reply as soon as recording stops, once, and says it is saved', async () => {
    const onUpload = vi.fn(async (_recording: Recording) => ({ replyAudioId: 12, audioUrl: '/api/coach-replies/12/audio' }));
    const { onChange, onSavingChange } = renderRecorder(onUpload);
    await recordFor(2000);
    await advance(0);

    // The page holds Submit while an upload runs.
    expect(onSavingChange.mock.calls).toEqual([[true], [false]]);
    expect(onUpload).toHaveBeenCalledTimes(1);
    expect(onUpload.mock.calls[0]?.[0]).toMatchObject({ mimeType: 'audio/mpeg', durationMs: 2000 });
    expect(onChange).toHaveBeenLastCalledWith({ replyAudioId: 12, audioUrl: '/api/coach-replies/12/audio' });
    expect(screen.getByText('Audio reply saved')).toBeInTheDocument();
    expect(document.querySelector('audio')).toHaveAttribute('src', audio.createdUrls[0]);
    await advance(1000);
    expect(onUpload).toHaveBeenCalledTimes(1);
  });

  it('keeps a recording whose upload failed and sends the same one again', async () => {
    const onUpload = vi
      .fn<(recording: Recording) => Promise<SavedReply>>()
      .mockRejectedValueOnce(new ApiError({ message: 'The server is busy.', status: 503 }))
      .mockResolvedValueOnce({ replyAudioId: 13, audioUrl: '/api/coach-replies/13/audio' });
    const { onChange } = renderRecorder(onUpload);
    await recordFor(1500);
    await advance(0);

    expect(screen.getByRole('alert')).toHaveTextContent('Your reply was not saved. The server is busy.');
    expect(onChange).not.toHaveBeenCalled();
    await click('Save again');
    await advance(0);

    expect(onUpload).toHaveBeenCalledTimes(2);
    expect(onUpload.mock.calls[1]?.[0]).toBe(onUpload.mock.calls[0]?.[0]);
    expect(onChange).toHaveBeenLastCalledWith({ replyAudioId: 13, audioUrl: '/api/coach-replies/13/audio' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Audio reply saved')).toBeInTheDocument();
  });

  it('asks before recording a saved reply again, and keeps the saved one until the new one is stored', async () => {
    const onUpload = vi
      .fn<(recording: Recording) => Promise<SavedReply>>()
      .mockResolvedValueOnce({ replyAudioId: 20, audioUrl: '/api/coach-replies/20/audio' })
      .mockResolvedValueOnce({ replyAudioId: 21, audioUrl: '/api/coach-replies/21/audio' });
    const { onChange } = renderRecorder(onUpload);
    await recordFor(1000);
    await advance(0);

    await click('Record the reply to recording 1 again');
    expect(screen.getByRole('dialog', { name: 'Record this reply again?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Record again' }));
    await advance(500);
    expect(onChange).toHaveBeenCalledTimes(1);
    await click('Stop recording the reply to recording 1');
    await advance(0);

    expect(onUpload).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith({ replyAudioId: 21, audioUrl: '/api/coach-replies/21/audio' });
  });
});

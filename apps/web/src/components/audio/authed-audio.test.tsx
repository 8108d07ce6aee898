import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  installFakeAudio,
  uninstallFakeAudio,
  type FakeAudioHandle,
} from '@/components/recorder/test-fixtures/fake-browser-audio';
import { saveSession } from '@/lib/session-store';
import { theme } from '@/lib/theme';
import { fakeMediaPlayback } from '@/test/fake-playback';
import { installFakeServer, makeUser } from '@/test/fake-server';
import { AuthedAudio, COULD_NOT_RETRIEVE, type AuthedAudioProps } from '.';

// The player on its own: fetch (the server) and media playback (jsdom has none) are faked.

let audio: FakeAudioHandle;
let played: string[];
let pause: ReturnType<typeof fakeMediaPlayback>['pause'];

beforeEach(async () => {
  audio = installFakeAudio();
  ({ played, pause } = fakeMediaPlayback());
  await saveSession(
    { api_token: 'stored-token-1', user: makeUser(), allModulesData: null, hasSubscription: false },
    { remember: false },
  );
});

afterEach(() => {
  uninstallFakeAudio();
});

function renderPlayer(props: Partial<AuthedAudioProps> = {}) {
  const user = userEvent.setup({ delay: null });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <AuthedAudio url="/api/recordings/8/audio" label="your recording: think" {...props} />
    </MantineProvider>,
  );
  return { user, ...view };
}

describe('AuthedAudio (spec: learning §8 for a recording that cannot be retrieved)', () => {
  it('is a touch target of at least 40 px', () => {
    renderPlayer({ text: 'Your recording' });
    const play = screen.getByRole('button', { name: 'Play your recording: think' });
    expect(parseFloat(getComputedStyle(play).minHeight)).toBeGreaterThanOrEqual(40);
  });

  it('fetches the audio with the session on the first play, plays a blob URL, pauses, and revokes it on unmount', async () => {
    const server = installFakeServer({ 'GET /recordings/8/audio': () => ({ body: 'ID3-bytes' }) });
    const { user, unmount } = renderPlayer({ text: 'Your recording' });
    expect(server.calls('GET /recordings/8/audio')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Play your recording: think' }));
    const pauseButton = await screen.findByRole('button', { name: 'Pause your recording: think' });
    expect(pauseButton).toHaveTextContent('Pause');
    expect(played).toEqual(['blob:fake/1']);
    expect(server.calls('GET /recordings/8/audio')[0]?.authorization).toBe('Bearer stored-token-1');

    await user.click(pauseButton);
    expect(pause).toHaveBeenCalledTimes(1);
    const play = screen.getByRole('button', { name: 'Play your recording: think' });
    expect(play).toHaveTextContent('Your recording');

    // A second play reuses the blob URL: no second fetch.
    await user.click(play);
    await waitFor(() => expect(played).toEqual(['blob:fake/1', 'blob:fake/1']));
    expect(server.calls('GET /recordings/8/audio')).toHaveLength(1);
    expect(audio.revokedUrls).toEqual([]);

    unmount();
    expect(audio.revokedUrls).toEqual(['blob:fake/1']);
  });

  it('keeps its visible text while playing when asked to', async () => {
    installFakeServer({ 'GET /recordings/8/audio': () => ({ body: 'ID3-bytes' }) });
    const { user } = renderPlayer({
      text: 'Your last recording',
      playingText: 'Your last recording',
    });
    await user.click(screen.getByRole('button', { name: 'Play your recording: think' }));
    expect(
      await screen.findByRole('button', { name: 'Pause your recording: think' }),
    ).toHaveTextContent('Your last recording');
  });

  it.each(['inline', 'stacked'] as const)(
    "shows §8's alert (%s) when the audio cannot be fetched, plays nothing, and clears it on a retry that works",
    async (layout) => {
      let isMissing = true;
      installFakeServer({
        'GET /recordings/8/audio': () =>
          isMissing
            ? { status: 404, body: { isError: true, message: 'Not found.' } }
            : { body: 'ID3-bytes' },
      });
      const { user } = renderPlayer({ layout });
      await user.click(screen.getByRole('button', { name: 'Play your recording: think' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(COULD_NOT_RETRIEVE);
      expect(played).toEqual([]);
      expect(audio.createdUrls).toEqual([]);

      isMissing = false;
      await user.click(screen.getByRole('button', { name: 'Play your recording: think' }));
      await screen.findByRole('button', { name: 'Pause your recording: think' });
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(played).toEqual(['blob:fake/1']);
    },
  );
});

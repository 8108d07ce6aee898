import { afterEach, beforeEach, vi } from 'vitest';
import {
  installFakeAudio,
  uninstallFakeAudio,
} from '@/components/recorder/test-fixtures/fake-browser-audio';

/**
 * jsdom has no media playback: `play()` records the element's src in `played` and resolves,
 * `pause()` does nothing. Call it in a `beforeEach` (setup.ts restores the mocks after each test).
 */
export function fakeMediaPlayback(played: string[] = []) {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    played.push(this.src);
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  return { played, pause };
}

/**
 * For page tests (call at the top of a file or describe): each test gets the fake browser audio
 * (microphone, object URLs) and fake playback. Returns the srcs played in the current test.
 */
export function fakeAudioEachTest(): string[] {
  const played: string[] = [];
  beforeEach(() => {
    installFakeAudio();
    played.length = 0;
    fakeMediaPlayback(played);
  });
  afterEach(() => {
    uninstallFakeAudio();
  });
  return played;
}

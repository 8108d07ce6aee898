import { describe, expect, it } from 'vitest';
import { chooseFormat, FIREFOX_CAPTURE_DELAY_MS, type RecorderCapabilities } from './format.ts';

const UA = {
  chromeDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  firefoxDesktop: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  iphoneFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  ipadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
};

const modern: RecorderCapabilities = {
  hasGetUserMedia: true,
  hasAudioContext: true,
  hasAudioWorklet: true,
  mediaRecorderMimeTypes: ['audio/webm;codecs=opus', 'audio/webm'],
  maxTouchPoints: 0,
};

describe('chooseFormat (spec: learning-experience §9)', () => {
  it('records mp3 at 128 kbps, 44.1 kHz, through an AudioWorklet in Chrome, with no start delay', () => {
    for (const ua of [UA.chromeDesktop, UA.chromeAndroid]) {
      const decision = chooseFormat(ua, modern);
      expect(decision).toEqual({
        isSupported: true,
        format: {
          container: 'mp3',
          mimeType: 'audio/mpeg',
          extension: 'mp3',
          capture: 'audio-worklet',
          sampleRateHz: 44100,
          bitrateKbps: 128,
          captureDelayMs: 0,
        },
      });
    }
  });

  it('records mp3 in Firefox but waits 500 ms after starting', () => {
    const decision = chooseFormat(UA.firefoxDesktop, modern);
    expect(decision.isSupported && decision.format.container).toBe('mp3');
    expect(decision.isSupported && decision.format.captureDelayMs).toBe(FIREFOX_CAPTURE_DELAY_MS);
    expect(FIREFOX_CAPTURE_DELAY_MS).toBe(500);
  });

  it('records wav 44.1 kHz on iOS, whatever the browser brand, and on an iPad asking for desktop sites', () => {
    for (const ua of [UA.iphoneSafari, UA.iphoneChrome, UA.iphoneFirefox]) {
      const decision = chooseFormat(ua, { ...modern, maxTouchPoints: 5 });
      expect(decision).toMatchObject({
        isSupported: true,
        format: { container: 'wav', mimeType: 'audio/wav', sampleRateHz: 44100, bitrateKbps: null, captureDelayMs: 0 },
      });
    }
    const ipad = chooseFormat(UA.ipadDesktopMode, { ...modern, maxTouchPoints: 5 });
    expect(ipad.isSupported && ipad.format.container).toBe('wav');
    // The same user agent on a Mac (no touch screen) is not iOS.
    const mac = chooseFormat(UA.ipadDesktopMode, { ...modern, maxTouchPoints: 0 });
    expect(mac.isSupported && mac.format.container).toBe('mp3');
  });

  it('records webm through MediaRecorder in the Samsung browser, still tapping Web Audio for the meter', () => {
    const decision = chooseFormat(UA.samsung, modern);
    expect(decision).toEqual({
      isSupported: true,
      format: {
        container: 'webm',
        mimeType: 'audio/webm;codecs=opus',
        extension: 'webm',
        capture: 'audio-worklet',
        sampleRateHz: null,
        bitrateKbps: null,
        captureDelayMs: 0,
      },
    });
  });

  it('falls back to mp3 in the Samsung browser when it cannot record webm', () => {
    const decision = chooseFormat(UA.samsung, { ...modern, mediaRecorderMimeTypes: [] });
    expect(decision.isSupported && decision.format.container).toBe('mp3');
  });

  it('captures with a ScriptProcessor where AudioWorklet is missing', () => {
    const decision = chooseFormat(UA.chromeDesktop, { ...modern, hasAudioWorklet: false });
    expect(decision.isSupported && decision.format.capture).toBe('script-processor');
  });

  it('uses webm when there is no Web Audio at all, and reports unsupported when nothing can record', () => {
    const noWebAudio = { ...modern, hasAudioContext: false, hasAudioWorklet: false };
    const webm = chooseFormat(UA.chromeDesktop, noWebAudio);
    expect(webm).toMatchObject({ isSupported: true, format: { container: 'webm', capture: null } });

    const nothing = chooseFormat(UA.chromeDesktop, { ...noWebAudio, mediaRecorderMimeTypes: [] });
    expect(nothing.isSupported).toBe(false);

    const noMicrophoneApi = chooseFormat(UA.chromeDesktop, { ...modern, hasGetUserMedia: false });
    expect(noMicrophoneApi).toMatchObject({ isSupported: false });
  });
});

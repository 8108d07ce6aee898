// Which file the recorder produces in which browser. A pure function of the user agent
// and a capability snapshot so every branch is unit-tested without a browser.
// spec: learning-experience §9 — mp3 at 128 kbps; on iOS wav at 44100 Hz mono; on the
// Samsung browser webm; Firefox waits 500 ms after starting.

export type RecordingContainer = 'mp3' | 'wav' | 'webm';
export type PcmCaptureMethod = 'audio-worklet' | 'script-processor';

export interface RecorderCapabilities {
  hasGetUserMedia: boolean;
  hasAudioContext: boolean;
  hasAudioWorklet: boolean;
  /** MIME types MediaRecorder.isTypeSupported() accepted (empty when there is no MediaRecorder). */
  mediaRecorderMimeTypes: readonly string[];
  /** navigator.maxTouchPoints: iPadOS 13+ reports a desktop Mac user agent and only this tells it apart. */
  maxTouchPoints: number;
}

export type RecordingFormat =
  | {
      container: 'mp3' | 'wav';
      mimeType: 'audio/mpeg' | 'audio/wav';
      extension: 'mp3' | 'wav';
      capture: PcmCaptureMethod;
      sampleRateHz: number;
      bitrateKbps: number | null;
      captureDelayMs: number;
    }
  | {
      container: 'webm';
      mimeType: string;
      extension: 'webm';
      /** Web Audio still taps the stream for the level meter and the sample-measured duration. */
      capture: PcmCaptureMethod | null;
      sampleRateHz: null;
      bitrateKbps: null;
      captureDelayMs: number;
    };

export type FormatDecision =
  | { isSupported: true; format: RecordingFormat }
  | { isSupported: false; reason: string };

export const MP3_BITRATE_KBPS = 128;
export const OUTPUT_SAMPLE_RATE_HZ = 44_100;
// spec: learning-experience §9 — Firefox waits 500 ms after starting before capturing.
export const FIREFOX_CAPTURE_DELAY_MS = 500;

const WEBM_MIME_PREFERENCE = ['audio/webm;codecs=opus', 'audio/webm'] as const;

export function isIosUserAgent(userAgent: string, maxTouchPoints: number): boolean {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return true;
  // iPadOS asks for desktop sites by default and then says "Macintosh"; Macs have no touch screen.
  return /Macintosh/i.test(userAgent) && maxTouchPoints > 1;
}

export function isSamsungBrowser(userAgent: string): boolean {
  return /SamsungBrowser\//i.test(userAgent);
}

export function isFirefox(userAgent: string): boolean {
  // Firefox on iOS (FxiOS) is WebKit underneath and is handled as iOS.
  return /Firefox\//i.test(userAgent) && !/Seamonkey/i.test(userAgent);
}

function pickWebmMimeType(capabilities: RecorderCapabilities): string | null {
  for (const mimeType of WEBM_MIME_PREFERENCE) {
    if (capabilities.mediaRecorderMimeTypes.includes(mimeType)) return mimeType;
  }
  return null;
}

function pickCaptureMethod(capabilities: RecorderCapabilities): PcmCaptureMethod | null {
  if (!capabilities.hasAudioContext) return null;
  // Every browser with an AudioContext still has the deprecated ScriptProcessorNode.
  return capabilities.hasAudioWorklet ? 'audio-worklet' : 'script-processor';
}

export function chooseFormat(userAgent: string, capabilities: RecorderCapabilities): FormatDecision {
  if (!capabilities.hasGetUserMedia) {
    return { isSupported: false, reason: 'This browser gives web pages no access to a microphone.' };
  }
  const capture = pickCaptureMethod(capabilities);
  const captureDelayMs = isFirefox(userAgent) && !isIosUserAgent(userAgent, capabilities.maxTouchPoints) ? FIREFOX_CAPTURE_DELAY_MS : 0;

  const webm = (): FormatDecision | null => {
    const mimeType = pickWebmMimeType(capabilities);
    if (mimeType === null) return null;
    return {
      isSupported: true,
      format: { container: 'webm', mimeType, extension: 'webm', capture, sampleRateHz: null, bitrateKbps: null, captureDelayMs },
    };
  };

  // The Samsung browser's Web Audio capture is unreliable, so it records with MediaRecorder.
  if (isSamsungBrowser(userAgent)) {
    const decision = webm();
    if (decision) return decision;
  }

  if (capture === null) {
    return webm() ?? { isSupported: false, reason: 'This browser can neither process nor record audio.' };
  }

  if (isIosUserAgent(userAgent, capabilities.maxTouchPoints)) {
    return {
      isSupported: true,
      format: {
        container: 'wav',
        mimeType: 'audio/wav',
        extension: 'wav',
        capture,
        sampleRateHz: OUTPUT_SAMPLE_RATE_HZ,
        bitrateKbps: null,
        captureDelayMs,
      },
    };
  }

  return {
    isSupported: true,
    format: {
      container: 'mp3',
      mimeType: 'audio/mpeg',
      extension: 'mp3',
      capture,
      sampleRateHz: OUTPUT_SAMPLE_RATE_HZ,
      bitrateKbps: MP3_BITRATE_KBPS,
      captureDelayMs,
    },
  };
}

/** Reads the capability snapshot from the running browser. */
export function detectCapabilities(): RecorderCapabilities {
  const nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator;
  const audioContextCtor = getAudioContextConstructor();
  const mediaRecorderMimeTypes: string[] = [];
  if (typeof MediaRecorder !== 'undefined' && typeof MediaRecorder.isTypeSupported === 'function') {
    for (const mimeType of WEBM_MIME_PREFERENCE) {
      if (MediaRecorder.isTypeSupported(mimeType)) mediaRecorderMimeTypes.push(mimeType);
    }
  }
  return {
    hasGetUserMedia: typeof nav?.mediaDevices?.getUserMedia === 'function',
    hasAudioContext: audioContextCtor !== null,
    hasAudioWorklet: typeof AudioWorkletNode !== 'undefined' && audioContextCtor !== null && 'audioWorklet' in audioContextCtor.prototype,
    mediaRecorderMimeTypes,
    maxTouchPoints: nav?.maxTouchPoints ?? 0,
  };
}

type AudioContextConstructor = typeof AudioContext;

export function getAudioContextConstructor(): AudioContextConstructor | null {
  if (typeof window === 'undefined') return null;
  const scope = window as { AudioContext?: AudioContextConstructor; webkitAudioContext?: AudioContextConstructor };
  return scope.AudioContext ?? scope.webkitAudioContext ?? null;
}

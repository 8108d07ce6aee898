// A page for checking the recorder in a real browser (see run.mjs): the engine is driven
// from window.recorderCheck, and the panel is rendered as the learner sees it.
import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { theme } from '../../../../lib/theme.ts';
import { createRecorder, RecorderPanel, type Recording } from '../../index.ts';

interface CheckResult {
  state: string;
  mimeType: string;
  durationMs: number;
  size: number;
  bytesBase64: string;
  states: string[];
  levelMax: number;
  format: unknown;
  decodedDurationMs: number | null;
  contextSampleRateHz: number;
}

async function describe(recording: Recording, states: string[], levelMax: number, format: unknown): Promise<CheckResult> {
  const buffer = await recording.blob.arrayBuffer();
  let decodedDurationMs: number | null;
  try {
    const context = new AudioContext();
    const decoded = await context.decodeAudioData(buffer.slice(0));
    decodedDurationMs = decoded.duration * 1000;
    await context.close();
  } catch {
    decodedDurationMs = null;
  }
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return {
    state: 'recorded',
    mimeType: recording.mimeType,
    durationMs: recording.durationMs,
    size: recording.blob.size,
    bytesBase64: btoa(binary),
    states,
    levelMax,
    format,
    decodedDurationMs,
    contextSampleRateHz: new AudioContext().sampleRate,
  };
}

const check = {
  /** Records for recordMs (or until maxDurationMs stops it) and reports what came out. */
  async record(recordMs: number, maxDurationMs?: number, userAgent?: string): Promise<(CheckResult & { startLatencyMs: number }) | { error: unknown; states: string[] }> {
    // A user agent override takes the iOS, Firefox or Samsung branch with Chromium's real audio stack.
    const recorder = createRecorder({ ...(maxDurationMs ? { maxDurationMs } : {}), ...(userAgent ? { userAgent } : {}) });
    const states: string[] = [];
    let levelMax = 0;
    let lastError: unknown = null;
    recorder.on('state', (s) => states.push(s));
    recorder.on('level', (l) => (levelMax = Math.max(levelMax, l)));
    recorder.on('error', (e) => (lastError = e));
    const recorded = new Promise<Recording>((resolve) => recorder.on('recorded', resolve));
    const startedAt = performance.now();
    await recorder.start();
    const startLatencyMs = performance.now() - startedAt;
    if (lastError) return { error: lastError, states };
    await new Promise((r) => setTimeout(r, recordMs));
    if (recorder.state === 'recording') await recorder.stop();
    const recording = await Promise.race([recorded, new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
    if (!recording) return { error: lastError ?? 'no recording', states };
    const result = { ...(await describe(recording, [...states], levelMax, { ...recorder.format, actualCapture: recorder.captureMethod })), startLatencyMs };
    recorder.destroy();
    return result;
  },
};

declare global {
  interface Window {
    recorderCheck: typeof check;
    submitted: { mimeType: string; durationMs: number; size: number }[];
  }
}
window.recorderCheck = check;
window.submitted = [];

const maxDurationMs = Number(new URLSearchParams(location.search).get('max') ?? '45000');
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <div style={{ padding: 16 }}>
        <RecorderPanel
          submitLabel="Submit"
          maxDurationMs={maxDurationMs}
          onSubmit={async (recording) => {
            window.submitted.push({ mimeType: recording.mimeType, durationMs: recording.durationMs, size: recording.blob.size });
          }}
        />
      </div>
    </MantineProvider>
  </StrictMode>,
);

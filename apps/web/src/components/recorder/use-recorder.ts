import { useCallback, useEffect, useState } from 'react';
import { createRecorder, DEFAULT_MAX_DURATION_MS, type Recorder, type RecorderError, type RecorderState, type Recording } from './recorder.ts';

export interface RecorderSnapshot {
  state: RecorderState;
  recording: Recording | null;
  elapsedMs: number;
  remainingMs: number;
  level: number;
  error: RecorderError | null;
}

export interface UseRecorderResult extends RecorderSnapshot {
  start(): void;
  stop(): void;
  reset(): void;
}

/**
 * One recorder engine per mounted component. The engine is created in an effect and
 * destroyed in its cleanup, so leaving the screen always releases the microphone
 * (and React's StrictMode double mount gets a fresh engine instead of a destroyed one).
 */
export function useRecorder({ maxDurationMs = DEFAULT_MAX_DURATION_MS }: { maxDurationMs?: number } = {}): UseRecorderResult {
  const [recorder, setRecorder] = useState<Recorder | null>(null);
  const [snapshot, setSnapshot] = useState<RecorderSnapshot>(() => ({
    state: 'idle',
    recording: null,
    elapsedMs: 0,
    remainingMs: maxDurationMs,
    level: 0,
    error: null,
  }));

  useEffect(() => {
    const r = createRecorder({ maxDurationMs });
    const unsubscribes = [
      r.on('state', (state) =>
        setSnapshot((s) => ({
          ...s,
          state,
          recording: r.recording,
          // A new attempt clears the last error; idle after an error keeps it on screen.
          error: state === 'requesting' ? null : s.error,
          ...(state === 'requesting' ? { elapsedMs: 0, remainingMs: maxDurationMs, level: 0 } : {}),
          ...(state === 'recorded' || state === 'idle' ? { level: 0 } : {}),
        })),
      ),
      r.on('tick', ({ elapsedMs, remainingMs }) => setSnapshot((s) => ({ ...s, elapsedMs, remainingMs }))),
      r.on('level', (level) => setSnapshot((s) => ({ ...s, level }))),
      r.on('error', (error) => setSnapshot((s) => ({ ...s, error }))),
    ];
    setRecorder(r);
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
      r.destroy();
      setRecorder(null);
    };
  }, [maxDurationMs]);

  const start = useCallback(() => {
    void recorder?.start();
  }, [recorder]);
  const stop = useCallback(() => {
    void recorder?.stop();
  }, [recorder]);
  const reset = useCallback(() => {
    recorder?.reset();
  }, [recorder]);

  return { ...snapshot, start, stop, reset };
}

import type { z } from 'zod';
import type { CoachItemAssessmentSchema } from '@clearspeak/contract';

export type CoachItemAssessment = z.infer<typeof CoachItemAssessmentSchema>;

/** Below this a sound is weak (red on the waveform). */
export const WEAK_BELOW = 60;
/** From WEAK_BELOW up to this a sound is unclear (amber). */
export const UNCLEAR_BELOW = 80;
/**
 * The shortest span a click plays: a single phone lasts 30–120 ms, which the ear hears as a
 * click, so short marks play with a little of the sound around them.
 */
export const MIN_PLAYBACK_MS = 400;

export type ErrorSeverity = 'weak' | 'unclear';

/** One sound the engine scored low, where it occurs in the recording. */
export interface ErrorRegion {
  /** Stable per recording: `w<word index>-p<phone index>`. */
  id: string;
  startMs: number;
  endMs: number;
  severity: ErrorSeverity;
  /** The expected sound, IPA. */
  ipa: string;
  /** What the engine heard instead (IPA), when it heard another sound. */
  heardIpa: string | null;
  /** The word the sound belongs to. */
  word: string;
  score: number;
  /** '/θ/' or '/θ/ heard /s/'. */
  label: string;
}

export function severityOf(score: number): ErrorSeverity | null {
  if (score < WEAK_BELOW) return 'weak';
  if (score < UNCLEAR_BELOW) return 'unclear';
  return null;
}

export function regionLabel(ipa: string, heardIpa: string | null): string {
  return heardIpa ? `/${ipa}/ heard /${heardIpa}/` : `/${ipa}/`;
}

/**
 * The engine's phone-level error map as waveform regions: every phone scoring below
 * UNCLEAR_BELOW, where it occurs, oldest first; nothing unless the recording was scored.
 * Times are clamped to the recording (`durationMs`, when known); a phone with no time left
 * after clamping is dropped. 'heard' is kept only when the engine heard a different sound.
 */
export function assessmentRegions(assessment: CoachItemAssessment | null, durationMs?: number): ErrorRegion[] {
  if (!assessment || assessment.status !== 'scored') return [];
  const limitMs = durationMs !== undefined && durationMs > 0 ? durationMs : Number.POSITIVE_INFINITY;
  const regions: ErrorRegion[] = [];
  assessment.words.forEach((word, wordIndex) => {
    word.phones.forEach((phone, phoneIndex) => {
      const severity = severityOf(phone.score);
      if (!severity) return;
      const startMs = Math.max(0, Math.min(phone.start_ms, limitMs));
      const endMs = Math.max(0, Math.min(phone.end_ms, limitMs));
      if (endMs <= startMs) return;
      const heardIpa =
        phone.heard_ipa && phone.heard_arpabet !== phone.arpabet && phone.heard_ipa !== phone.ipa ? phone.heard_ipa : null;
      regions.push({
        id: `w${wordIndex}-p${phoneIndex}`,
        startMs,
        endMs,
        severity,
        ipa: phone.ipa,
        heardIpa,
        word: word.text,
        score: phone.score,
        label: regionLabel(phone.ipa, heardIpa),
      });
    });
  });
  return regions.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
}

/**
 * The span to play for a click on a mark: the mark itself, widened evenly to at least
 * MIN_PLAYBACK_MS and kept inside the recording.
 */
export function playbackSpan(span: { startMs: number; endMs: number }, durationMs: number): { startMs: number; endMs: number } {
  const lengthMs = span.endMs - span.startMs;
  if (lengthMs >= MIN_PLAYBACK_MS || durationMs <= 0) return { startMs: span.startMs, endMs: span.endMs };
  const targetMs = Math.min(MIN_PLAYBACK_MS, durationMs);
  let startMs = span.startMs - (targetMs - lengthMs) / 2;
  startMs = Math.max(0, Math.min(startMs, durationMs - targetMs));
  return { startMs, endMs: startMs + targetMs };
}

/**
 * What to say instead of (or above) the error map. null when the map speaks for itself.
 */
export function assessmentNotice(assessment: CoachItemAssessment | null, regionCount: number): string | null {
  if (!assessment) return 'The engine has not assessed this recording. Listen and judge by ear.';
  switch (assessment.status) {
    case 'pending':
      return 'The engine is still scoring this recording. Reload the page in a minute to see the error map.';
    case 'retake':
      return 'The engine asked the learner to record this again (too quiet, too short or off-script), so there is no error map. Listen and judge by ear.';
    case 'failed':
      return 'The engine could not score this recording, so there is no error map. Listen and judge by ear.';
    case 'scored':
      return regionCount === 0 ? 'The engine found no weak or unclear sounds in this recording.' : null;
  }
}

/** Colour band of a word's accuracy on the word row. */
export function wordTone(accuracy: number): 'weak' | 'unclear' | 'good' {
  return severityOf(accuracy) ?? 'good';
}

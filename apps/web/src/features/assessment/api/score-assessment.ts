import { uploadAiServer, uploadAiServerV2, type AssessmentResult } from '@clearspeak/contract';
import { call } from '@/lib/api';
import { ensureAnonymousId } from './anonymous-visitor';

export interface ScoredRecording {
  recordId: number;
  itemId: number;
  text: string;
}

/** A learner sees the result now; an anonymous visitor only after sign-up (accounts §6). */
export type ScoreOutcome =
  { kind: 'result'; result: AssessmentResult } | { kind: 'anonymous'; assessmentId: number };

/** POST /upload-ai-server (learner) or /v2/upload-ai-server (anonymous) — accounts §3, §7. */
export async function scoreAssessment(options: {
  isSignedIn: boolean;
  recordings: ScoredRecording[];
  nativeLanguage: string;
}): Promise<ScoreOutcome> {
  const body = {
    assessment_record_ids: options.recordings.map((r) => r.recordId),
    texts: options.recordings.map((r) => r.text),
    questions: options.recordings.map((r) => r.itemId),
    native_language: options.nativeLanguage,
  };
  if (options.isSignedIn) {
    const answer = await call(uploadAiServer, body);
    return { kind: 'result', result: answer.ai_response.data };
  }
  const anonymousUserId = await ensureAnonymousId();
  const answer = await call(uploadAiServerV2, { ...body, anonymousUserId });
  return { kind: 'anonymous', assessmentId: answer.assessment_id };
}

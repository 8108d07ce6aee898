import { z } from 'zod';
import { FEEDBACK_FACTORS, FEEDBACK_FACTOR_NAMES, StarSchema, type FeedbackFactor } from '@clearspeak/contract';

// A review in progress lives in sessionStorage per request, so a reload (or a crash of the
// tab's page) does not lose typed replies, stars, or which uploaded audio belongs to which item.

const ItemDraftSchema = z.object({
  text: z.string(),
  replyAudioId: z.number().int().nullable(),
  /** Where the uploaded reply plays from (bearer token). */
  audioUrl: z.string().nullable(),
});
export type ItemDraft = z.infer<typeof ItemDraftSchema>;

const ReviewDraftSchema = z.object({
  summary: z.string(),
  scores: z.partialRecord(z.enum(FEEDBACK_FACTORS), StarSchema),
  items: z.record(z.string(), ItemDraftSchema),
});
export type ReviewDraft = z.infer<typeof ReviewDraftSchema>;

export const EMPTY_ITEM_DRAFT: ItemDraft = { text: '', replyAudioId: null, audioUrl: null };

export function emptyDraft(): ReviewDraft {
  return { summary: '', scores: {}, items: {} };
}

export function draftStorageKey(requestId: number): string {
  return `clearspeak.coach-review.${requestId}`;
}

export function loadDraft(requestId: number, storage: Storage = sessionStorage): ReviewDraft {
  try {
    const raw = storage.getItem(draftStorageKey(requestId));
    if (!raw) return emptyDraft();
    const parsed = ReviewDraftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : emptyDraft();
  } catch {
    return emptyDraft();
  }
}

export function saveDraft(requestId: number, draft: ReviewDraft, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(draftStorageKey(requestId), JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the review still works, it just would not survive a reload.
  }
}

export function clearDraft(requestId: number, storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(draftStorageKey(requestId));
  } catch {
    // Nothing to clear.
  }
}

export function itemDraft(draft: ReviewDraft, itemId: number): ItemDraft {
  return draft.items[String(itemId)] ?? EMPTY_ITEM_DRAFT;
}

export function isItemAnswered(item: ItemDraft): boolean {
  return item.replyAudioId !== null || item.text.trim() !== '';
}

/** What still stands between the coach and Submit, in plain words; empty when complete. */
export function missingParts(draft: ReviewDraft, itemIds: readonly number[]): string[] {
  const missing: string[] = [];
  itemIds.forEach((id, index) => {
    if (!isItemAnswered(itemDraft(draft, id))) missing.push(`a reply to recording ${index + 1}`);
  });
  if (draft.summary.trim() === '') missing.push('the summary');
  const unstarred = FEEDBACK_FACTORS.filter((factor) => draft.scores[factor] === undefined);
  if (unstarred.length > 0) missing.push(`stars for ${unstarred.map((f) => FEEDBACK_FACTOR_NAMES[f]).join(', ')}`);
  return missing;
}

export interface SubmitPayload {
  id: number;
  summary: string;
  scores: Record<FeedbackFactor, number>;
  replies: { item_id: number; text: string; reply_audio_id: number | null }[];
}

/** The POST /coach/requests/:id/submit body, or null while something is missing. */
export function buildSubmitPayload(requestId: number, draft: ReviewDraft, itemIds: readonly number[]): SubmitPayload | null {
  if (missingParts(draft, itemIds).length > 0) return null;
  const { pronunciation, fluency, intonation, stress } = draft.scores;
  if (pronunciation === undefined || fluency === undefined || intonation === undefined || stress === undefined) return null;
  return {
    id: requestId,
    summary: draft.summary.trim(),
    scores: { pronunciation, fluency, intonation, stress },
    replies: itemIds.map((id) => {
      const item = itemDraft(draft, id);
      return { item_id: id, text: item.text.trim(), reply_audio_id: item.replyAudioId };
    }),
  };
}

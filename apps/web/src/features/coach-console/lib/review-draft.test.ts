import { describe, expect, it } from 'vitest';
import { buildSubmitPayload, draftStorageKey, emptyDraft, loadDraft, missingParts, saveDraft, type ReviewDraft } from './review-draft';

const complete = (): ReviewDraft => ({
  summary: '  Good work on linking. ',
  scores: { pronunciation: 3, fluency: 4, intonation: 2, stress: 5 },
  items: {
    '501': { text: '', replyAudioId: 9, audioUrl: '/api/coach-replies/9/audio' },
    '502': { text: ' Tongue between the teeth. ', replyAudioId: null, audioUrl: null },
  },
});

describe('review draft', () => {
  it('keeps a draft per request in sessionStorage and ignores a broken one', () => {
    saveDraft(41, complete());
    expect(loadDraft(41)).toEqual(complete());
    expect(loadDraft(42)).toEqual(emptyDraft());
    sessionStorage.setItem(draftStorageKey(43), '{"summary": 5}');
    expect(loadDraft(43)).toEqual(emptyDraft());
    sessionStorage.setItem(draftStorageKey(44), 'not json');
    expect(loadDraft(44)).toEqual(emptyDraft());
  });

  it('lists what is missing: a reply per recording (audio or text), the summary, every star', () => {
    expect(missingParts(emptyDraft(), [501, 502])).toEqual([
      'a reply to recording 1',
      'a reply to recording 2',
      'the summary',
      'stars for Pronunciation, Fluency, Intonation, Stress',
    ]);
    const draft = complete();
    draft.items['502'] = { text: '   ', replyAudioId: null, audioUrl: null };
    draft.scores = { pronunciation: 3 };
    expect(missingParts(draft, [501, 502])).toEqual(['a reply to recording 2', 'stars for Fluency, Intonation, Stress']);
    expect(missingParts(complete(), [501, 502])).toEqual([]);
  });

  it('builds the submit body with trimmed texts, every item in order, and no body while incomplete', () => {
    expect(buildSubmitPayload(41, complete(), [501, 502])).toEqual({
      id: 41,
      summary: 'Good work on linking.',
      scores: { pronunciation: 3, fluency: 4, intonation: 2, stress: 5 },
      replies: [
        { item_id: 501, text: '', reply_audio_id: 9 },
        { item_id: 502, text: 'Tongue between the teeth.', reply_audio_id: null },
      ],
    });
    expect(buildSubmitPayload(41, { ...complete(), summary: ' ' }, [501, 502])).toBeNull();
  });
});

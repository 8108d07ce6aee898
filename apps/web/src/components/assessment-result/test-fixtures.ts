import type { AssessmentResult, Notification } from '@clearspeak/contract';

/** An AI assessment result as the contract describes it, for tests. */
export function makeAssessmentResult(overrides: Partial<AssessmentResult> = {}): AssessmentResult {
  return {
    assessment_id: 501,
    overall_score: 64.4,
    summary: 'Your vowels are clear; the TH sounds need the most work.',
    strengths: ['Clear long vowels'],
    focus_sounds: [
      { phone: 'TH', ipa: 'θ', score: 31, tip: 'Put the tip of your tongue between your teeth.' },
      { phone: 'V', ipa: 'v', score: 48, tip: 'Touch your top teeth to your lower lip and buzz.' },
      { phone: 'IH', ipa: 'ɪ', score: 55, tip: 'Keep “ship” short and relaxed.' },
    ],
    items: [
      {
        initial_assessment_id: 1,
        text: 'think',
        score: 42,
        retake_reason: null,
        words: [
          {
            word: 'think',
            score: 42,
            image_url: null,
            voice_url: '/media/voices/think.mp3',
            weak_sounds: [{ phone: 'TH', ipa: 'θ', score: 20 }],
          },
        ],
      },
      {
        initial_assessment_id: 2,
        text: 'A very good day',
        score: 81,
        retake_reason: null,
        words: [
          { word: 'very', score: 69, image_url: null, voice_url: null, weak_sounds: [] },
          { word: 'good', score: 90, image_url: null, voice_url: null, weak_sounds: [] },
        ],
      },
    ],
    words: [
      {
        word: 'think',
        score: 42,
        image_url: '/media/images/words/think.svg',
        voice_url: '/media/voices/think.mp3',
        weak_sounds: [{ phone: 'TH', ipa: 'θ', score: 20 }],
      },
    ],
    text_tips: ['Slow down on words with TH.'],
    voice_tips: [{ text: 'Listen: think, thank, thing', voice_url: '/media/voices/tip-th.mp3' }],
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function makeAiNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 31,
    header: 'Fluency Assessment',
    title: 'Your assessment result is ready',
    subtitle: 'See the sounds to work on first.',
    icon: null,
    created_at: '2026-11-20T10:00:00.000Z',
    is_read: false,
    notification_type: 'initial-assessment-ai-feedback',
    object_id: 501,
    ...overrides,
  };
}

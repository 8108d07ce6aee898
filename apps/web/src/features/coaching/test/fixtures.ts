import type { ModuleFeedbackAll } from '@clearspeak/contract';

// Coaching answers in the contract's shapes (learning §3 Module feedback; credit info is in
// @/test/credit-info).

export function makeFeedbackAll(overrides: Partial<ModuleFeedbackAll> = {}): ModuleFeedbackAll {
  return {
    module: {
      id: 5,
      title: 'TH sounds',
      sub_title: 'Think and this',
      icon_url: '/media/images/th.svg',
    },
    description: 'Your TH is much clearer now. Keep the tongue between the teeth on "three".',
    is_sample: false,
    coach: { name: 'Maria Lopez', photo: '/media/coaches/maria.jpg' },
    created_at: '2026-11-20T12:00:00.000Z',
    userdata: {
      prelessonRecords: [
        {
          id: 1,
          title: 'Read aloud',
          recording_path: '/api/recordings/101/audio',
          created_at: '2026-11-18T12:00:00.000Z',
        },
      ],
      finalRecords: [
        {
          id: 61,
          title: 'Final 1',
          post_lesson_title: 'Thank you for the three things.',
          recording_path: '/api/recordings/161/audio',
          created_at: '2026-11-19T12:00:00.000Z',
          postlesson_feedbacks: [
            {
              id: 901,
              coach_photo: '/media/coaches/maria.jpg',
              coach_name: 'Maria Lopez',
              created_at: '2026-11-20T12:00:00.000Z',
              audio_url: '/api/coach-replies/901/audio',
              text: 'Lovely "thank you". Slow down on "three things".',
            },
          ],
        },
        {
          id: 62,
          title: 'Final 2',
          post_lesson_title: 'They think that those are theirs.',
          recording_path: '/api/recordings/162/audio',
          created_at: '2026-11-19T12:00:00.000Z',
          postlesson_feedbacks: [
            {
              id: 902,
              coach_photo: null,
              coach_name: 'Sam Reed',
              created_at: '2026-11-21T12:00:00.000Z',
              audio_url: null,
              text: 'The voiced TH in "those" was spot on.',
            },
          ],
        },
      ],
    },
    scores: [
      { factor_name: 'Pronunciation', score: 4 },
      { factor_name: 'Fluency', score: 3 },
      { factor_name: 'Intonation', score: 5 },
      { factor_name: 'Stress', score: 2 },
    ],
    ...overrides,
  };
}

export function feedbackAllBody(data: ModuleFeedbackAll) {
  return { body: { isError: false, data } };
}

export function coachBody(coach: { name: string; photo: string | null }) {
  return { body: { isError: false, coachData: coach } };
}

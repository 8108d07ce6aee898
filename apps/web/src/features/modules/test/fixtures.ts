import type { LessonItem, ModuleCard, ModuleDetail } from '@clearspeak/contract';

// Test data in the contract's shapes (learning §3), small enough to read in one glance.

export function makeItem(overrides: Partial<LessonItem> & { unique_id: string; id: number }): LessonItem {
  return {
    module_id: 5,
    lesson_title: overrides.title ?? overrides.unique_id,
    title: overrides.unique_id,
    lesson_type: 'guidedLesson',
    guided_lesson_type: null,
    start_message: null,
    end_message: null,
    description: null,
    description_first: null,
    description_second: null,
    file_type: null,
    file_url: null,
    caption_url: null,
    audio_url: null,
    word: null,
    words: [],
    is_completed: false,
    isCompleted: false,
    icon_url: null,
    type: null,
    hasFeedback: false,
    assignment_file: null,
    user_recorded_file: null,
    text_to_speech: null,
    voice_url: null,
    pivot: { module_id: 5, fluency_activity_id: null },
    listen_select_options: [],
    score: null,
    ...overrides,
  };
}

export interface DetailOptions {
  /** unique_ids of items already completed. */
  completed?: string[];
  isUnlocked?: boolean;
  introModule?: boolean;
}

/**
 * Module 5 "TH sounds": 1 pre lesson, 2 videos, 2 listen-and-record words, 2 listen-and-choose
 * items, 2 recognising-tools words, 1 fluency activity, 2 final items.
 */
export function makeDetail(options: DetailOptions = {}): ModuleDetail {
  const done = new Set(options.completed ?? []);
  const item = (overrides: Partial<LessonItem> & { unique_id: string; id: number }) => {
    const isDone = done.has(overrides.unique_id);
    return makeItem({ ...overrides, is_completed: isDone, isCompleted: isDone });
  };
  return {
    module_id: 5,
    module_code: 'th',
    title: 'TH sounds',
    description: 'Think and this: the two TH sounds.',
    list_icon: '/media/images/th.svg',
    intro_module: options.introModule ?? false,
    is_unlocked: options.isUnlocked ?? true,
    sounds: ['TH', 'DH'],
    prelesson: {
      prelessons: [
        item({ id: 1, unique_id: 'th-pre-1', title: 'Read aloud', lesson_type: 'preLesson', text_to_speech: 'I think this is the third time.' }),
      ],
      pre_lesson_start_msg: 'First, let us hear you.',
      pre_lesson_completion_msg: 'Thanks for recording.',
    },
    guided_lesson: {
      video_lessons: {
        lessons: [
          item({ id: 11, unique_id: 'th-video-1', title: 'The tongue between the teeth', guided_lesson_type: 'lesson', file_type: 'video', file_url: '/media/video/th/th-video-1.mp4', caption_url: '/media/video/th/th-video-1.vtt' }),
          item({ id: 12, unique_id: 'th-video-2', title: 'Voiced and voiceless', guided_lesson_type: 'lesson', file_type: 'video', file_url: '/media/video/th/th-video-2.mp4', caption_url: '/media/video/th/th-video-2.vtt' }),
        ],
        video_lesson_start_msg: 'Watch how the sound is made.',
        video_lesson_completion_msg: 'You have watched the videos.',
      },
      listen_and_records: {
        lesson_and_records: [
          item({ id: 21, unique_id: 'th-lr-1', title: 'think', word: 'think', guided_lesson_type: 'listen_records', audio_url: '/media/audio/model/think.mp3' }),
          item({ id: 22, unique_id: 'th-lr-2', title: 'three', word: 'three', guided_lesson_type: 'listen_records', audio_url: '/media/audio/model/three.mp3' }),
        ],
        title: 'Listen and Record',
        icon_url: '/media/images/lr.svg',
        gray_icon_url: '/media/images/lr-gray.svg',
        is_completed: false,
        listen_record_start_msg: 'Listen, then say the word.',
        listen_record_completion_msg: 'Well said.',
      },
      listen_and_choose_correct_option: {
        listen_and_choose_correct_options: [
          item({ id: 31, unique_id: 'th-lc-1', title: 'thin or tin', word: 'thin', guided_lesson_type: 'listen_options', audio_url: '/media/audio/model/thin.mp3', listen_select_options: [{ title: 'thin', correct: true }, { title: 'tin', correct: false }] }),
          item({ id: 32, unique_id: 'th-lc-2', title: 'three or tree', word: 'three', guided_lesson_type: 'listen_options', audio_url: '/media/audio/model/three.mp3', listen_select_options: [{ title: 'tree', correct: false }, { title: 'three', correct: true }] }),
        ],
        title: 'Listen and Choose',
        icons: '/media/images/lc.svg',
        listen_choose_start_msg: 'Which word do you hear?',
        listen_option_result_msg: 'Your ears are getting sharper.',
      },
      recognising_tools: {
        recognising_tools: [
          item({ id: 41, unique_id: 'th-rt-1', title: 'thank', word: 'thank', guided_lesson_type: 'recognising_tools', audio_url: '/media/audio/model/thank.mp3' }),
          item({ id: 42, unique_id: 'th-rt-2', title: 'mouth', word: 'mouth', guided_lesson_type: 'recognising_tools', audio_url: '/media/audio/model/mouth.mp3' }),
        ],
        title: 'Recognising Tools',
        icons: '/media/images/rt.svg',
        recognising_tool_start_msg: 'Say the word and see every sound scored.',
        recognising_tool_completion_msg: 'Great work with the AI coach.',
      },
    },
    fluency_activity: {
      fluency_activities: [
        item({ id: 51, unique_id: 'th-fa-1', title: 'Thursday', lesson_type: 'fluencyActivity', text_to_speech: 'I think Thursday is the third.' }),
      ],
      fluency_activity_start_msg: 'Now say a whole sentence.',
      fluency_activity_completion_msg: 'Your sentences flow.',
    },
    final_assignment: [
      { ...item({ id: 61, unique_id: 'th-final-1', title: 'Final 1', lesson_type: 'finalAssignment', text_to_speech: 'Thank you for the three things.' }), start_msg: 'Time for your final assessment.', completion_msg: 'First part done.' },
      { ...item({ id: 62, unique_id: 'th-final-2', title: 'Final 2', lesson_type: 'finalAssignment', text_to_speech: 'They think that those are theirs.' }), start_msg: 'Next sentence.', completion_msg: 'You finished the module.' },
    ],
  };
}

export const ALL_STEP_IDS = [
  'th-pre-1',
  'th-video-1',
  'th-video-2',
  'th-lr-1',
  'th-lr-2',
  'th-lc-1',
  'th-lc-2',
  'th-rt-1',
  'th-rt-2',
  'th-fa-1',
  'th-final-1',
  'th-final-2',
];

/** Every step before `uniqueId` completed (what a learner who got that far has). */
export function completedBefore(uniqueId: string): string[] {
  return ALL_STEP_IDS.slice(0, ALL_STEP_IDS.indexOf(uniqueId));
}

export function detailBody(detail: ModuleDetail) {
  return { body: { isError: false, data: detail } };
}

export function makeCard(overrides: Partial<ModuleCard> & { id: number; title: string }): ModuleCard {
  return {
    sub_title: `About ${overrides.title}`,
    icon_url: `/media/images/${overrides.id}.svg`,
    score: 0,
    user_progress: 0,
    is_unlocked: true,
    is_feed_back_avilable: false,
    is_feedback_pending: false,
    intro_module: false,
    sounds: [],
    ...overrides,
  };
}

export const okStep = () => ({
  body: { isError: false, message: 'Saved.', user_progress: 50, is_completed: true },
});
export const okSave = () => ({ body: { isError: false, message: 'Saved.' } });
export const okScore = (score = 72) => () => ({
  body: { isError: false, module_score: score, section_scores: {} },
});

import type { CoachQueueItem, CoachRequestDetail } from '@clearspeak/contract';
import type { CoachItemAssessment } from '../lib/error-map';

type Phone = CoachItemAssessment['words'][number]['phones'][number];

export function phone(ipa: string, startMs: number, endMs: number, score: number, heard?: string): Phone {
  return {
    arpabet: ipa.toUpperCase(),
    ipa,
    start_ms: startMs,
    end_ms: endMs,
    score,
    heard_arpabet: heard ? heard.toUpperCase() : null,
    heard_ipa: heard ?? null,
  };
}

/** "think about it": /θ/ heard /s/ (weak), /ʌ/ unclear, the rest good. */
export function scoredAssessment(overrides: Partial<CoachItemAssessment> = {}): CoachItemAssessment {
  return {
    status: 'scored',
    total: 71,
    accuracy: 68,
    fluency: 80,
    prosody: 75,
    quality: 'good',
    words: [
      {
        text: 'think',
        start_ms: 200,
        end_ms: 560,
        accuracy: 52,
        phones: [phone('θ', 200, 290, 35, 's'), phone('ɪ', 290, 380, 88), phone('ŋ', 380, 470, 91), phone('k', 470, 560, 90)],
      },
      {
        text: 'about',
        start_ms: 600,
        end_ms: 980,
        accuracy: 74,
        phones: [phone('ə', 600, 680, 85), phone('b', 680, 760, 92), phone('aʊ', 760, 900, 72), phone('t', 900, 980, 90)],
      },
      {
        text: 'it',
        start_ms: 1000,
        end_ms: 1200,
        accuracy: 95,
        phones: [phone('ɪ', 1000, 1100, 96), phone('t', 1100, 1200, 94)],
      },
    ],
    ...overrides,
  };
}

export function queueItem(overrides: Partial<CoachQueueItem> = {}): CoachQueueItem {
  return {
    id: 1,
    kind: 'module',
    status: 'pending',
    learner_name: 'Ana Lima',
    title: 'The TH sounds',
    module_id: 3,
    item_count: 3,
    created_at: '2026-11-21T17:00:00.000Z',
    waiting_minutes: 180,
    is_overdue: false,
    claimed_by_me: false,
    claimed_by_name: null,
    ...overrides,
  };
}

export function requestDetail(overrides: Partial<CoachRequestDetail> = {}): CoachRequestDetail {
  return {
    ...queueItem({ id: 41, status: 'claimed', claimed_by_me: true, claimed_by_name: 'Cora Coach', item_count: 2 }),
    learner: { name: 'Ana Lima', native_language: 'Portuguese' },
    claimed_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    answered_at: null,
    time_spent_seconds: 0,
    items: [
      {
        id: 501,
        title: 'I think about it every day.',
        recording_url: '/api/coach/items/501/audio',
        duration_ms: 1400,
        assessment: scoredAssessment(),
        reply: null,
      },
      {
        id: 502,
        title: 'Three thin thieves.',
        recording_url: '/api/coach/items/502/audio',
        duration_ms: 1800,
        assessment: { status: 'retake', total: null, accuracy: null, fluency: null, prosody: null, quality: 'too_quiet', words: [] },
        reply: null,
      },
    ],
    summary: null,
    scores: null,
    ...overrides,
  };
}

import { listenAnswer } from '@clearspeak/contract';
import { call } from '@/lib/api';

/** Stores a listen-and-choose choice; the first answer per item counts (spec: §4, §5). */
export function sendListenAnswer(options: { moduleId: number; stepId: string; answer: string }) {
  return call(listenAnswer, {
    module_id: options.moduleId,
    step_id: options.stepId,
    answer: options.answer,
  });
}

import { saveStep, type LESSON_TYPES } from '@clearspeak/contract';
import { call } from '@/lib/api';

/** Remembers where the learner is (docs/decisions/008): sent on every move in the player. */
export function saveModuleStep(options: {
  moduleId: number;
  step: (typeof LESSON_TYPES)[number];
  stepId: string;
}) {
  return call(saveStep, {
    module_id: options.moduleId,
    step: options.step,
    step_id: options.stepId,
  });
}

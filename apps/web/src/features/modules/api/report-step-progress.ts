import { stepProgress, type LESSON_TYPES } from '@clearspeak/contract';
import { call } from '@/lib/api';

/** The progress call (spec: learning §4 Progress reporting; docs/decisions/008). */
export function reportStepProgress(options: {
  moduleId: number;
  step: (typeof LESSON_TYPES)[number];
  stepId: string;
}) {
  return call(stepProgress, {
    module_id: options.moduleId,
    step: options.step,
    step_id: options.stepId,
  });
}

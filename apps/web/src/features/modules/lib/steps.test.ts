import { describe, expect, it } from 'vitest';
import { ALL_STEP_IDS, completedBefore, makeDetail } from '../test/fixtures';
import { buildSteps, canOpenStep, findStep, shouldReportProgress, stepPath } from './steps';

function stepsWith(completed: string[] = []) {
  return buildSteps(makeDetail({ completed }));
}
function step(steps: ReturnType<typeof buildSteps>, uniqueId: string) {
  const found = steps.find((s) => s.item.unique_id === uniqueId);
  if (!found) throw new Error(`no step ${uniqueId}`);
  return found;
}

describe('step order (spec: learning §4 Step order)', () => {
  it('walks pre lesson, videos, listen-record, listen-choose, recognising, fluency, final', () => {
    const steps = stepsWith();
    expect(steps.map((s) => s.item.unique_id)).toEqual(ALL_STEP_IDS);
    expect(steps.map((s) => s.routeType)).toEqual([
      'preLesson',
      ...Array<string>(8).fill('guidedLesson'),
      'fluencyActivity',
      'finalAssessment',
      'finalAssessment',
    ]);
    expect(stepPath(5, step(steps, 'th-lc-2'))).toBe('/modules/5/guidedLesson/th-lc-2');
  });

  it('finds a lesson by unique_id or by its numeric id within the route type', () => {
    const steps = stepsWith();
    expect(findStep(steps, 'guidedLesson', 'th-rt-1')?.item.id).toBe(41);
    expect(findStep(steps, undefined, 'th-rt-1')?.item.id).toBe(41);
    expect(findStep(steps, 'guidedLesson', '22')?.item.unique_id).toBe('th-lr-2');
    expect(findStep(steps, 'fluencyActivity', 'th-rt-1')).toBeUndefined();
  });
});

describe('lesson access (spec: learning §4 Lesson access)', () => {
  it('opens the first lesson, a completed one, or one whose previous lesson is completed', () => {
    const steps = stepsWith(['th-pre-1', 'th-video-1']);
    expect(canOpenStep(steps, step(steps, 'th-pre-1'))).toBe(true); // first and completed
    expect(canOpenStep(steps, step(steps, 'th-video-1'))).toBe(true); // completed
    expect(canOpenStep(steps, step(steps, 'th-video-2'))).toBe(true); // previous completed
    expect(canOpenStep(steps, step(steps, 'th-lr-1'))).toBe(false); // video 2 not completed
    expect(canOpenStep(steps, step(steps, 'th-final-2'))).toBe(false);
  });

  it('treats a section reported on its last word as one lesson', () => {
    const steps = stepsWith(completedBefore('th-lr-1'));
    expect(canOpenStep(steps, step(steps, 'th-lr-2'))).toBe(true);
    expect(canOpenStep(steps, step(steps, 'th-lc-1'))).toBe(false);
    const after = stepsWith([...completedBefore('th-lr-1'), 'th-lr-2']);
    expect(canOpenStep(after, step(after, 'th-lc-1'))).toBe(true);
    expect(canOpenStep(after, step(after, 'th-lc-2'))).toBe(true);
  });
});

describe('progress reporting (spec: learning §4 Progress reporting)', () => {
  it('reports a finished, not yet completed step; grouped sections only on their last item', () => {
    const steps = stepsWith();
    const reported = steps.filter((s) => shouldReportProgress(steps, s)).map((s) => s.item.unique_id);
    expect(reported).toEqual([
      'th-video-1',
      'th-video-2',
      'th-lr-2',
      'th-lc-2',
      'th-rt-2',
      'th-fa-1',
      'th-final-1',
      'th-final-2',
    ]);
  });

  it('does not report steps that are already completed', () => {
    const steps = stepsWith(['th-video-1', 'th-lr-2', 'th-final-2']);
    expect(shouldReportProgress(steps, step(steps, 'th-video-1'))).toBe(false);
    expect(shouldReportProgress(steps, step(steps, 'th-lr-2'))).toBe(false);
    expect(shouldReportProgress(steps, step(steps, 'th-final-2'))).toBe(false);
    expect(shouldReportProgress(steps, step(steps, 'th-video-2'))).toBe(true);
  });
});

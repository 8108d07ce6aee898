import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './fixtures.ts';

/** Signs in through the API (the older /login) and answers the bearer token. */
export async function apiToken(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.ok(), `sign-in of ${email}`).toBe(true);
  const body = (await res.json()) as { data: { api_token: string } };
  return body.data.api_token;
}

interface LessonRef {
  unique_id: string;
}
interface ModuleDetailBody {
  data: {
    prelesson: { prelessons: LessonRef[] };
    guided_lesson: {
      video_lessons: { lessons: LessonRef[] };
      listen_and_records: { lesson_and_records: LessonRef[] };
      listen_and_choose_correct_option: { listen_and_choose_correct_options: LessonRef[] };
      recognising_tools: { recognising_tools: LessonRef[] };
    };
    fluency_activity: { fluency_activities: LessonRef[] };
    final_assignment: (LessonRef & {
      id: number;
      text_to_speech: string | null;
      word: string | null;
      title: string;
    })[];
  };
}

/**
 * Completes every step of a module before its final assessment through the progress call
 * (learning §4 Progress reporting: drills on their last item), so a test can start at the final
 * assessment. Answers the final-assessment items.
 */
export async function completeUpToFinal(
  request: APIRequestContext,
  token: string,
  moduleId: number,
) {
  const headers = { authorization: `Bearer ${token}` };
  const res = await request.post('/api/module/detail', { headers, data: { module_id: moduleId } });
  expect(res.ok(), 'module detail').toBe(true);
  const d = ((await res.json()) as ModuleDetailBody).data;
  const last = <T>(items: T[]) => (items.length ? [items[items.length - 1]!] : []);
  const steps: [string, LessonRef][] = [
    ...d.prelesson.prelessons.map((l) => ['preLesson', l] as [string, LessonRef]),
    ...d.guided_lesson.video_lessons.lessons.map((l) => ['guidedLesson', l] as [string, LessonRef]),
    ...last(d.guided_lesson.listen_and_records.lesson_and_records).map(
      (l) => ['guidedLesson', l] as [string, LessonRef],
    ),
    ...last(d.guided_lesson.listen_and_choose_correct_option.listen_and_choose_correct_options).map(
      (l) => ['guidedLesson', l] as [string, LessonRef],
    ),
    ...last(d.guided_lesson.recognising_tools.recognising_tools).map(
      (l) => ['guidedLesson', l] as [string, LessonRef],
    ),
    ...d.fluency_activity.fluency_activities.map(
      (l) => ['fluencyActivity', l] as [string, LessonRef],
    ),
  ];
  for (const [step, lesson] of steps) {
    const r = await request.post('/api/module/step', {
      headers,
      data: { module_id: moduleId, step, step_id: lesson.unique_id },
    });
    expect(r.ok(), `complete ${lesson.unique_id}: ${await r.text()}`).toBe(true);
  }
  return d.final_assignment;
}

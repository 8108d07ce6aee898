import { CourseSchema, type Course, type CourseInput } from './schema.ts';
import { courseData } from './course/index.ts';

export * from './schema.ts';
export * from './steps.ts';
export {
  listMediaAssets,
  type MediaAsset,
  type MediaKind,
  type MediaRecipe,
} from './media/assets.ts';
export * from './media/keys.ts';
export { listAssessmentWords } from './media/word-cards.ts';

/** Thrown when course data does not match the schema; the message names every bad field. */
export class CourseValidationError extends Error {
  constructor(readonly issues: string[]) {
    super(`invalid course content:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'CourseValidationError';
  }
}

/** Parses course data (the shipped course by default) and returns it with lesson ids and caption cues. */
export function parseCourse(data: CourseInput | unknown): Course {
  const result = CourseSchema.safeParse(data);
  if (result.success) return result.data;
  const raw = data as { modules?: { code?: unknown }[] } | null;
  throw new CourseValidationError(
    result.error.issues.map((issue) => {
      const [first, second, ...rest] = issue.path;
      // Name the module by its code, not only its index, so authors find it at once.
      const moduleCode =
        first === 'modules' && typeof second === 'number'
          ? raw?.modules?.[second]?.code
          : undefined;
      const where =
        moduleCode !== undefined
          ? [`modules[${String(second)}](${String(moduleCode)})`, ...rest.map(String)].join('.')
          : issue.path.map(String).join('.');
      return `${where || '(root)'}: ${issue.message}`;
    }),
  );
}

let cached: Course | undefined;

/** The validated ClearSpeak course. Parsed once per process. */
export function loadCourse(): Course {
  cached ??= parseCourse(courseData);
  return cached;
}

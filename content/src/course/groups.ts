import type { CourseInput } from '../schema.ts';

/** Titled groups of the Module List accordion (spec learning-experience §2). */
export const groupsData: CourseInput['groups'] = [
  { code: 'start-here', title: 'Start Here: Sample Lessons', order: 1, isTrial: false },
  { code: 'free-trial', title: 'Free Trial: Clear Consonants', order: 2, isTrial: true },
  { code: 'core-sounds', title: 'Core Sounds of American English', order: 3, isTrial: false },
  { code: 'rhythm', title: 'Stress and Rhythm', order: 4, isTrial: false },
  { code: 'connected-speech', title: 'Melody and Connected Speech', order: 5, isTrial: false },
];

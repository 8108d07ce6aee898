import type { ModuleInput } from '../schema.ts';
import { coachPhotoKey } from '../media/keys.ts';
import { sectionMessages } from './messages.ts';

export function defineModule(module: ModuleInput): ModuleInput {
  return module;
}

/** A listen-and-choose item: `spoken` is said by the model voice; the options are shown in the given order. */
export function choose(spoken: string, options: [string, string, ...string[]], speakAs?: string) {
  return {
    word: spoken,
    ...(speakAs ? { speakAs } : {}),
    options: options.map((title) => ({ title, correct: title === spoken })),
  };
}

/** The coach who signs the sample feedback of the intro modules (spec learning-experience §4). */
export const SAMPLE_COACH = { name: 'Emily Carter', photo: coachPhotoKey('Emily Carter') };

export { sectionMessages };

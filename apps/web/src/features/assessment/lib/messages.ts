// spec: accounts §2 Fluency assessment, §8 Assessment errors.
export const UPLOAD_FAILED = 'Something went wrong, please record again';
export const TRY_LATER = 'Something went wrong, Please try again later';
export const COULD_NOT_RETRIEVE = 'We could not retrieve your message';
export const LANGUAGE_REQUIRED = 'Please choose your native language.';
export const SKIP_QUESTION = 'Are you sure you want to skip?';
export const QUIT_QUESTION = 'Are you sure you want to quit?';
export const ANONYMOUS_FINISHED =
  'You have finished the fluency assessment. Create your account to see your results.';
/** Typing speed and pause of the waiting tips (spec: accounts §4). */
export const TIP_CHAR_MS = 100;
export const TIP_PAUSE_MS = 5000;

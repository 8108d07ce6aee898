import { INTRO_VIDEO_LANGUAGES, type IntroVideoLanguage } from '@clearspeak/contract';

export { INTRO_VIDEO_LANGUAGES, type IntroVideoLanguage };

const BY_BROWSER_CODE: Record<string, IntroVideoLanguage> = {
  en: 'english',
  es: 'spanish',
  bn: 'bengali',
  zh: 'chinese',
  hi: 'hindi',
  pt: 'portuguese',
  fr: 'french',
  ar: 'arabic',
};

/**
 * The intro video plays before the native language is asked (step 0 precedes step 1), so the
 * language comes from the profile when it names one with a video, else from the browser.
 */
export function introVideoLanguage(options: {
  profileLanguage: string | null | undefined;
  browserLanguages: readonly string[];
}): IntroVideoLanguage {
  const profile = options.profileLanguage?.trim().toLowerCase();
  const fromProfile = INTRO_VIDEO_LANGUAGES.find((language) => language === profile);
  if (fromProfile) return fromProfile;
  for (const tag of options.browserLanguages) {
    const code = tag.split('-')[0]?.toLowerCase() ?? '';
    const language = BY_BROWSER_CODE[code];
    if (language) return language;
  }
  return 'english';
}

export function introVideoKey(language: IntroVideoLanguage): string {
  return `${language}-asmtvideo`;
}

/** spec: accounts §2 — "an even variable value gives the English intro video". */
export function isEnglishIntro(value: number): boolean {
  return value % 2 === 0;
}

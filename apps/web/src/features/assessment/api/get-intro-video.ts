import { useQuery } from '@tanstack/react-query';
import { getVariable } from '@clearspeak/contract';
import { call } from '@/lib/api';
import { introVideoKey, isEnglishIntro, type IntroVideoLanguage } from '../lib/intro-video';

export interface IntroVideo {
  /** The language of the video shown. */
  language: IntroVideoLanguage;
  url: string | null;
}

/**
 * spec: accounts §2 — GET /variables?key={language}-asmtvideo; an even value gives the English
 * intro video, an odd one the native-language video. The variable's video_url is the video of
 * the key's language, so the English one is read from "english-asmtvideo".
 */
export async function getIntroVideo(language: IntroVideoLanguage): Promise<IntroVideo> {
  const variable = await call(getVariable, { key: introVideoKey(language) });
  if (language === 'english' || !isEnglishIntro(variable.value)) {
    return { language, url: variable.video_url };
  }
  const english = await call(getVariable, { key: introVideoKey('english') });
  return { language: 'english', url: english.video_url };
}

export function useIntroVideo(language: IntroVideoLanguage) {
  return useQuery({
    queryKey: ['initial-assessment', 'intro-video', language],
    queryFn: () => getIntroVideo(language),
    staleTime: Infinity,
  });
}

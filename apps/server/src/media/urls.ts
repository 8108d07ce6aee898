import { sectionIconKey, type SectionIcon } from '@clearspeak/content';

/** URL prefix of the built course media (served read-only by media/routes.ts). */
export const MEDIA_PREFIX = '/media/';

/** The URL of a media key (content/src/media/keys.ts), as the browser requests it. */
export function mediaUrl(key: string): string;
export function mediaUrl(key: string | null): string | null;
export function mediaUrl(key: string | null): string | null {
  return key === null ? null : `${MEDIA_PREFIX}${key}`;
}

export function sectionIconUrl(section: SectionIcon, variant: 'color' | 'gray' = 'color'): string {
  return mediaUrl(sectionIconKey(section, variant));
}

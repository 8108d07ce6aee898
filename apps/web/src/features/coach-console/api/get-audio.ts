import { useQuery } from '@tanstack/react-query';
import { fetchAudio } from '@/lib/api';
import { coachKeys } from './keys';

/**
 * Audio behind the bearer token (a learner recording `/api/coach/items/:id/audio`, a coach
 * reply `/api/coach-replies/:id/audio`) as a Blob; players make their own object URL.
 */
export function useAudioBlob(url: string | null) {
  return useQuery({
    queryKey: coachKeys.audio(url ?? ''),
    queryFn: ({ signal }) => fetchAudio(url ?? '', { signal }),
    enabled: url !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });
}

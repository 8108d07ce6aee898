/** TanStack Query keys of the coach console. */
export const coachKeys = {
  all: ['coach'] as const,
  queue: () => [...coachKeys.all, 'queue'] as const,
  request: (id: number) => [...coachKeys.all, 'request', id] as const,
  audio: (url: string) => [...coachKeys.all, 'audio', url] as const,
};

import { useQuery } from '@tanstack/react-query';
import { personalizedTrainingPlan, type ModuleCard } from '@clearspeak/contract';
import { call } from '@/lib/api';

/**
 * Your Study Plan (spec: learning §2, §7 GET /personalized-training-plan, sorted by
 * user_progress ascending), as module cards.
 */
export function useStudyPlan(isEnabled: boolean) {
  return useQuery({
    queryKey: ['modules', 'study-plan'],
    enabled: isEnabled,
    queryFn: async (): Promise<ModuleCard[]> => {
      const answer = await call(personalizedTrainingPlan, {});
      return [...answer.data]
        .sort((a, b) => a.user_progress - b.user_progress)
        .map((module) => ({
          id: module.id,
          title: module.title,
          sub_title: module.sub_title,
          icon_url: module.icon_url,
          score: module.score,
          user_progress: module.user_progress,
          is_unlocked: module.is_unlocked,
          is_feed_back_avilable: false,
          is_feedback_pending: false,
          intro_module: false,
          sounds: module.sounds,
        }));
    },
  });
}

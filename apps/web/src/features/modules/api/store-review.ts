import { storeReview } from '@clearspeak/contract';
import { call } from '@/lib/api';

/** The learner's rating of a fluency activity (spec: learning §7 POST /review/store). */
export function storeActivityReview(options: {
  fluencyActivityId: number;
  rating: number;
  review: string;
}) {
  return call(storeReview, {
    fluency_activities_id: options.fluencyActivityId,
    rating: options.rating,
    review: options.review,
  });
}

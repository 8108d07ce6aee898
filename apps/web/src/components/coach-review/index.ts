export {
  AskCoachReview,
  ASK_COACH_REVIEW,
  SENT_TO_COACH,
  USES_A_SESSION,
} from './ask-coach-review';
export { CoachingLimitDialog, COACHING_LIMIT_TITLE } from './coaching-limit-dialog';

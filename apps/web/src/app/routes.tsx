import type { RouteObject } from 'react-router';
import { ChangePasswordPage } from '../features/accounts/components/change-password-page';
import { EmailVerificationPage } from '../features/accounts/components/email-verification-page';
import { ForgotPasswordPage } from '../features/accounts/components/forgot-password-page';
import { ResetPasswordPage } from '../features/accounts/components/reset-password-page';
import { SignUpPage } from '../features/accounts/components/sign-up-page';
import { VerificationSuccessPage } from '../features/accounts/components/verification-success-page';
import { CoachLayout } from '../features/coach-console/components/coach-layout';
import { CoachQueuePage } from '../features/coach-console/components/coach-queue-page';
import { ReviewPage as CoachReviewPage } from '../features/coach-console/components/review-page';
import { InitialAssessmentPage } from '../features/assessment/components/initial-assessment-page';
import { ModuleFeedbackPage } from '../features/coaching/components/module-feedback-page';
import { LessonPlayerPage } from '../features/modules/components/lesson-player-page';
import { ModuleOverviewPage } from '../features/modules/components/module-overview-page';
import { ModulesPage } from '../features/modules/components/modules-page';
import { ReviewPage } from '../features/modules/components/review-page';
import { NotificationDetailPage } from '../features/notifications/components/notification-detail-page';
import { NotificationsPage } from '../features/notifications/components/notifications-page';
import { ProfilePage } from '../features/profile/components/profile-page';
import { MyLessonsPage } from '../features/study-plan/components/my-lessons-page';
import { RequireCoach, RequireLearner, RequireSession, SignInGate } from './guards';
import { ShellWhenSignedIn } from './layout/public-layout';
import { Shell } from './layout/shell';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** Every route of the app; main.tsx and the tests build their router from this one table. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: '/', element: <SignInGate /> },
          { path: '/signin', element: <SignInGate /> },
          { path: '/signup', element: <SignUpPage /> },
          { path: '/email-verification', element: <EmailVerificationPage /> },
          { path: '/verification-success', element: <VerificationSuccessPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          // spec: accounts §2 — the assessment is public (anonymous allowed).
          {
            element: <ShellWhenSignedIn />,
            children: [{ path: '/initialAssessment', element: <InitialAssessmentPage /> }],
          },
          {
            element: <RequireSession />,
            children: [
              // DESIGN.md: the coach console (/coach) requires role 3; it has its own frame.
              {
                element: <RequireCoach />,
                children: [
                  {
                    element: <CoachLayout />,
                    children: [
                      { path: '/coach', element: <CoachQueuePage /> },
                      { path: '/coach/requests/:id', element: <CoachReviewPage /> },
                    ],
                  },
                ],
              },
              {
                element: <Shell />,
                children: [
                  {
                    element: <RequireLearner />,
                    children: [
                      { path: '/modules', element: <ModulesPage /> },
                      { path: '/modules/:moduleId', element: <ModuleOverviewPage /> },
                      { path: '/modules/:moduleId/review', element: <ReviewPage /> },
                      { path: '/modules/:moduleId/feedback', element: <ModuleFeedbackPage /> },
                      {
                        path: '/modules/:moduleId/:lessonType/:lessonId',
                        element: <LessonPlayerPage />,
                      },
                      { path: '/modules/:moduleId/:lessonUniqueId', element: <LessonPlayerPage /> },
                      { path: '/profile', element: <ProfilePage /> },
                      { path: '/my-lessons', element: <MyLessonsPage /> },
                      { path: '/notifications', element: <NotificationsPage /> },
                      { path: '/notifications/:id', element: <NotificationDetailPage /> },
                    ],
                  },
                  { path: '/changePassword', element: <ChangePasswordPage /> },
                  { path: '*', element: <NotFoundPage /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

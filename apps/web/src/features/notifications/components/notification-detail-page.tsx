import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Notification } from '@clearspeak/contract';
import { AssessmentResultView } from '@/components/assessment-result';
import { CenteredLoader } from '@/components/ui/centered-loader';
import { ErrorAlert } from '@/components/ui/error-alert';
import { errorMessage } from '@/lib/api';
import { useAiCoachFeedback, useNotifications, useReadNotification } from '../api/notifications';
import { MODULE_MISSING_MESSAGE, MODULE_MISSING_TITLE, isModuleMissing } from '../api/open-notification';
import { HumanCoachFeedbackView } from './human-coach-feedback';

/**
 * `/notifications/:id` (spec: learning §2 Notifications): the detail by type — the AI assessment
 * result, or the coach's feedback on the assessment; a module's coach feedback opens the module's
 * feedback page. Opening it (a click, a Web Push, the first login) marks it read.
 */
export function NotificationDetailPage() {
  const { id } = useParams();
  const list = useNotifications();
  const read = useReadNotification();
  const notification = list.data?.notifications.find((n) => String(n.id) === id);
  const unreadId = notification && !notification.is_read ? notification.id : null;
  const { mutate: markRead } = read;
  useEffect(() => {
    if (unreadId !== null) markRead(unreadId);
  }, [unreadId, markRead]);

  if (list.isPending) return <CenteredLoader label="Loading notification" />;
  if (list.isError) return <ErrorAlert message={errorMessage(list.error)} />;
  if (!notification) return <Navigate to="/notifications" replace />;
  if (notification.notification_type === 'module-assessment-coach-feedback') {
    return <ModuleFeedbackRedirect notification={notification} />;
  }
  return (
    <Stack gap="md" maw={720}>
      <Stack gap={0}>
        <Title order={2}>{notification.title}</Title>
        <Text c="gray.7">{notification.subtitle}</Text>
      </Stack>
      {notification.notification_type === 'initial-assessment-ai-feedback' && <AiFeedback />}
      {notification.notification_type === 'initial-assessment-coach-feedback' && (
        <HumanCoachFeedbackView feedbackId={notification.object_id} />
      )}
    </Stack>
  );
}

function AiFeedback() {
  const feedback = useAiCoachFeedback();
  if (feedback.isPending) return <CenteredLoader label="Loading your result" />;
  if (feedback.isError) return <ErrorAlert message={errorMessage(feedback.error)} />;
  return <AssessmentResultView result={feedback.data.ai_response.data} />;
}

/** Reached from a Web Push click: on to the module's feedback, or §8's alert when the module is gone. */
function ModuleFeedbackRedirect({ notification }: { notification: Notification }) {
  const missing = useQuery({
    queryKey: ['notifications', 'module-missing', notification.object_id],
    queryFn: () => isModuleMissing(notification.object_id),
  });
  if (missing.isPending) return <CenteredLoader label="Opening your feedback" />;
  if (missing.data) return <ErrorAlert title={MODULE_MISSING_TITLE} message={MODULE_MISSING_MESSAGE} />;
  return <Navigate to={`/modules/${notification.object_id}/feedback`} replace />;
}

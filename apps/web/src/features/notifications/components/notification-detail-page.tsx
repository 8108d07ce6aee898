import { Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { AssessmentResultView } from '@/components/assessment-result';
import { CenteredLoader } from '@/components/ui/centered-loader';
import { ErrorAlert } from '@/components/ui/error-alert';
import { errorMessage } from '@/lib/api';
import { useAiCoachFeedback, useNotifications, useReadNotification } from '../api/notifications';

/**
 * `/notifications/:id` (spec: learning §2 Notifications): the detail by type. Issue 6 adds
 * the AI assessment result; the coach feedback types come with the coaching issue.
 */
export function NotificationDetailPage() {
  const { id } = useParams();
  const list = useNotifications();
  const read = useReadNotification();
  const notification = list.data?.notifications.find((n) => String(n.id) === id);
  const unreadId = notification && !notification.is_read ? notification.id : null;
  const { mutate: markRead } = read;
  useEffect(() => {
    // Opened without a click (the first login opens it, spec: accounts §4): seeing it reads it.
    if (unreadId !== null) markRead(unreadId);
  }, [unreadId, markRead]);

  if (list.isPending) return <CenteredLoader label="Loading notification" />;
  if (list.isError) return <ErrorAlert message={errorMessage(list.error)} />;
  if (!notification) return <Navigate to="/notifications" replace />;
  if (notification.notification_type === 'module-assessment-coach-feedback') {
    return <Navigate to={`/modules/${notification.object_id}/feedback`} replace />;
  }
  return (
    <Stack gap="md" maw={720}>
      <Stack gap={0}>
        <Title order={2}>{notification.title}</Title>
        <Text c="gray.7">{notification.subtitle}</Text>
      </Stack>
      {notification.notification_type === 'initial-assessment-ai-feedback' && <AiFeedback />}
    </Stack>
  );
}

function AiFeedback() {
  const feedback = useAiCoachFeedback();
  if (feedback.isPending) return <CenteredLoader label="Loading your result" />;
  if (feedback.isError) return <ErrorAlert message={errorMessage(feedback.error)} />;
  return <AssessmentResultView result={feedback.data.ai_response.data} />;
}

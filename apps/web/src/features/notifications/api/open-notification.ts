import { useNavigate } from 'react-router';
import type { Notification } from '@clearspeak/contract';
import { useReadNotification } from './notifications';

/**
 * spec: learning §4 Notification click — marks read, then navigates: module feedback for
 * module-assessment-coach-feedback, the notification detail otherwise.
 */
export function useOpenNotification() {
  const navigate = useNavigate();
  const read = useReadNotification();
  return async (notification: Notification) => {
    if (!notification.is_read) {
      // Opening must not wait on, or fail because of, the read mark.
      await read.mutateAsync(notification.id).catch(() => undefined);
    }
    await navigate(
      notification.notification_type === 'module-assessment-coach-feedback'
        ? `/modules/${notification.object_id}/feedback`
        : `/notifications/${notification.id}`,
    );
  };
}

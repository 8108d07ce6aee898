import { useNavigate } from 'react-router';
import { FEEDBACK_MESSAGES, moduleFeedbackStatus, type Notification } from '@clearspeak/contract';
import { ApiError, call } from '@/lib/api';
import { showErrorDialog } from '../lib/error-dialog';
import { useReadNotification } from './notifications';

/** spec: learning §8 — "Notification module not found: alert 'Error!' with 'Something went wrong'". */
export const MODULE_MISSING_TITLE = 'Error!';
export const MODULE_MISSING_MESSAGE = FEEDBACK_MESSAGES.notificationModuleMissing;

/** True when the module a notification points at no longer exists (404), not on other failures. */
export async function isModuleMissing(moduleId: number): Promise<boolean> {
  try {
    await call(moduleFeedbackStatus, { module_id: moduleId });
    return false;
  } catch (error) {
    return error instanceof ApiError && error.status === 404;
  }
}

/** The page a notification opens (spec: learning §2 Notifications). */
export function notificationPath(notification: Notification): string {
  return notification.notification_type === 'module-assessment-coach-feedback'
    ? `/modules/${notification.object_id}/feedback`
    : `/notifications/${notification.id}`;
}

/**
 * spec: learning §4 Notification click — marks read, then navigates: module feedback for
 * module-assessment-coach-feedback (the 'Error!' alert when the module is gone), the
 * notification detail otherwise. Used by the dropdown, the list and the toasts.
 */
export function useOpenNotification() {
  const navigate = useNavigate();
  const read = useReadNotification();
  return async (notification: Notification) => {
    if (!notification.is_read) {
      // Opening must not wait on, or fail because of, the read mark.
      await read.mutateAsync(notification.id).catch(() => undefined);
    }
    if (
      notification.notification_type === 'module-assessment-coach-feedback' &&
      (await isModuleMissing(notification.object_id))
    ) {
      showErrorDialog({ title: MODULE_MISSING_TITLE, message: MODULE_MISSING_MESSAGE });
      return;
    }
    await navigate(notificationPath(notification));
  };
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getAiCoachFeedback,
  getHumanCoachFeedback,
  getUnreadNotificationCount,
  getUserNotifications,
  readNotification,
  type ResponseOf,
} from '@clearspeak/contract';
import { call } from '@/lib/api';

// spec: learning §7 — GET /get-user-notifications, GET /get-unread-notification-count,
// POST /read-notification {notification_id}, GET /get-ai-coach-feedback, GET /get-human-coach-feedback.

export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const NOTIFICATION_LIST_KEY = [...NOTIFICATIONS_KEY, 'list'] as const;
export const UNREAD_COUNT_KEY = [...NOTIFICATIONS_KEY, 'unread-count'] as const;

export type NotificationList = ResponseOf<typeof getUserNotifications>;
export type UnreadCount = ResponseOf<typeof getUnreadNotificationCount>;

export function useNotifications() {
  return useQuery({ queryKey: NOTIFICATION_LIST_KEY, queryFn: () => call(getUserNotifications, {}) });
}

export function useUnreadCount() {
  return useQuery({
    queryKey: UNREAD_COUNT_KEY,
    queryFn: () => call(getUnreadNotificationCount, {}),
  });
}

export function useReadNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: number) =>
      call(readNotification, { notification_id: notificationId }),
    onSuccess: ({ userNotification }) => {
      // The list shows it read at once (its toast goes away); the count comes with the refetch.
      queryClient.setQueryData<NotificationList>(NOTIFICATION_LIST_KEY, (old) =>
        old
          ? {
              ...old,
              notifications: old.notifications.map((n) =>
                n.id === userNotification.id ? userNotification : n,
              ),
            }
          : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useAiCoachFeedback() {
  return useQuery({
    queryKey: ['initial-assessment', 'ai-feedback'],
    queryFn: () => call(getAiCoachFeedback, {}),
  });
}

/** The coach's feedback on the fluency assessment a notification points at (its object_id). */
export function useHumanCoachFeedback(feedbackId: number) {
  return useQuery({
    queryKey: ['initial-assessment', 'coach-feedback', feedbackId],
    queryFn: () => call(getHumanCoachFeedback, { feedback_id: feedbackId }),
  });
}

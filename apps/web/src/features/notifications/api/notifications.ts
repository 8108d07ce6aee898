import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getAiCoachFeedback,
  getUnreadNotificationCount,
  getUserNotifications,
  readNotification,
} from '@clearspeak/contract';
import { call } from '@/lib/api';

// spec: learning §7 — GET /get-user-notifications, GET /get-unread-notification-count,
// POST /read-notification {notification_id}, GET /get-ai-coach-feedback.

const KEY = ['notifications'] as const;

export function useNotifications() {
  return useQuery({ queryKey: [...KEY, 'list'], queryFn: () => call(getUserNotifications, {}) });
}

export function useUnreadCount() {
  return useQuery({
    queryKey: [...KEY, 'unread-count'],
    queryFn: () => call(getUnreadNotificationCount, {}),
  });
}

export function useReadNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: number) =>
      call(readNotification, { notification_id: notificationId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useAiCoachFeedback() {
  return useQuery({
    queryKey: ['initial-assessment', 'ai-feedback'],
    queryFn: () => call(getAiCoachFeedback, {}),
  });
}

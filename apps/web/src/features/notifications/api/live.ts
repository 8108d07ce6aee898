import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import {
  API_BASE,
  NOTIFICATION_STREAM_EVENTS,
  NotificationSchema,
  UnreadEventSchema,
  getUnreadNotificationCount,
  notificationStream,
  type Notification,
} from '@clearspeak/contract';
import { call } from '@/lib/api';
import {
  NOTIFICATION_LIST_KEY,
  UNREAD_COUNT_KEY,
  type NotificationList,
  type UnreadCount,
} from './notifications';

// Issue 5: a new notification reaches an open page within 2 seconds, without a reload. The
// stream is read with fetch (the bearer token goes in a header, which EventSource cannot send).

export const RETRY_FIRST_MS = 1_000;
export const RETRY_MAX_MS = 30_000;

/** A refusal that would be refused again (signed out, no such route): stop, do not retry. */
class StreamRefused extends Error {}

export interface StreamHandlers {
  onNotification: (notification: Notification) => void;
  onUnread: (count: number) => void;
  /** Every successful (re)connection; `isFirst` false after a drop. */
  onOpen?: (isFirst: boolean) => void;
  /** The server said the session is gone. */
  onUnauthorized?: () => void;
}

/**
 * Opens the notification stream and keeps it open: after a drop it reconnects after 1 s, 2 s,
 * 4 s… (at most 30 s, with jitter), back to 1 s once connected. Returns the stop function.
 */
export function connectNotificationStream(token: string, handlers: StreamHandlers): () => void {
  const controller = new AbortController();
  let delay = RETRY_FIRST_MS;
  let opened = 0;
  void fetchEventSource(`${API_BASE}${notificationStream.path}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: EventStreamContentType },
    signal: controller.signal,
    // A background tab keeps its badge current (and its toasts ready).
    openWhenHidden: true,
    // Looked up at call time, so the tests' fake server (a stubbed fetch) answers it.
    fetch: (input, init) => fetch(input, init),
    onopen: async (response) => {
      const type = response.headers.get('content-type') ?? '';
      if (response.ok && type.startsWith(EventStreamContentType)) {
        delay = RETRY_FIRST_MS;
        opened += 1;
        handlers.onOpen?.(opened === 1);
        return;
      }
      if (response.status === 401) handlers.onUnauthorized?.();
      if (response.status >= 400 && response.status < 500 && response.status !== 429) {
        throw new StreamRefused(`notification stream refused (${response.status})`);
      }
      throw new Error(`notification stream unavailable (${response.status})`);
    },
    onmessage: (message) => {
      try {
        if (message.event === NOTIFICATION_STREAM_EVENTS.notification) {
          handlers.onNotification(NotificationSchema.parse(JSON.parse(message.data)));
        } else if (message.event === NOTIFICATION_STREAM_EVENTS.unread) {
          handlers.onUnread(UnreadEventSchema.parse(JSON.parse(message.data)).count);
        }
      } catch (error) {
        console.warn('Unreadable notification event', error);
      }
    },
    onclose: () => {
      // The server ended the stream (a restart, a deploy): connect again.
      throw new Error('notification stream closed');
    },
    onerror: (error: unknown) => {
      if (error instanceof StreamRefused) throw error;
      const wait = delay;
      delay = Math.min(delay * 2, RETRY_MAX_MS);
      return wait + Math.floor(Math.random() * (wait / 4));
    },
  }).catch(() => undefined);
  return () => controller.abort();
}

/** Puts a streamed notification at the top of the cached list (once). */
export function addNotificationToCache(queryClient: QueryClient, notification: Notification): void {
  const list = queryClient.getQueryData<NotificationList>(NOTIFICATION_LIST_KEY);
  if (!list) {
    void queryClient.invalidateQueries({ queryKey: NOTIFICATION_LIST_KEY });
    return;
  }
  queryClient.setQueryData<NotificationList>(NOTIFICATION_LIST_KEY, {
    ...list,
    notifications: [notification, ...list.notifications.filter((n) => n.id !== notification.id)],
  });
}

/** Keeps the notification list and the unread badge live while signed in. */
export function useNotificationStream(token: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return undefined;
    return connectNotificationStream(token, {
      onNotification: (notification) => addNotificationToCache(queryClient, notification),
      onUnread: (count) => {
        queryClient.setQueryData<UnreadCount>(UNREAD_COUNT_KEY, { isError: false, count });
        // Read in another tab: the list (and so the toasts) follow the new count.
        const list = queryClient.getQueryData<NotificationList>(NOTIFICATION_LIST_KEY);
        if (list && list.notifications.filter((n) => !n.is_read).length !== count) {
          void queryClient.invalidateQueries({ queryKey: NOTIFICATION_LIST_KEY });
        }
      },
      onOpen: (isFirst) => {
        // Whatever arrived while the stream was down.
        if (!isFirst) void queryClient.invalidateQueries({ queryKey: NOTIFICATION_LIST_KEY });
      },
      // Any call answering 401 signs out (spec: accounts §4); let the API client do it.
      onUnauthorized: () => void call(getUnreadNotificationCount, {}).catch(() => undefined),
    });
  }, [token, queryClient]);
}

import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import type { Notification } from '@clearspeak/contract';
import { useSession } from '@/lib/session';
import { useNotificationStream } from '../api/live';
import { useNotifications, useReadNotification } from '../api/notifications';
import { notificationPath, useOpenNotification } from '../api/open-notification';
import { SW_NAVIGATE_MESSAGE } from '../lib/web-push';

export function toastId(notificationId: number): string {
  return `notification-${notificationId}`;
}

/** Newer notifications go higher in the toast stack (Mantine: higher priority first). */
function toastPriority(notification: Notification): number {
  const time = Date.parse(notification.created_at);
  return Number.isNaN(time) ? 0 : time;
}

/** The accessible name of a toast's button. */
export function toastLabel(notification: Notification): string {
  return `Open notification: ${notification.title}`;
}

/**
 * Mounted once in the signed-in shell: keeps the stream open (list and badge live), shows each
 * unread notification as a toast that stays until it is opened, read elsewhere or dismissed
 * (spec: learning §2 Notifications), and follows clicks on Web Push notifications.
 */
export function LiveNotifications() {
  const { session } = useSession();
  useNotificationStream(session?.api_token ?? null);
  useNotificationToasts();
  useReadWhereItOpens();
  useServiceWorkerNavigation();
  return null;
}

/**
 * A module's coach feedback opened another way (the module's card, a link) counts as opened: its
 * notification is marked read, so its toast goes instead of covering the very feedback it announces
 * (the notification detail page marks its own).
 */
function useReadWhereItOpens(): void {
  const { pathname } = useLocation();
  const list = useNotifications();
  const read = useReadNotification();
  const asked = useRef(new Set<number>());
  const mutate = read.mutate;

  useEffect(() => {
    for (const notification of list.data?.notifications ?? []) {
      if (notification.is_read || asked.current.has(notification.id)) continue;
      if (notification.notification_type !== 'module-assessment-coach-feedback') continue;
      if (notificationPath(notification) !== pathname) continue;
      asked.current.add(notification.id);
      mutate(notification.id);
    }
  }, [list.data, pathname, mutate]);
}

/** The notification list: every notification is on the page, so toasts would only cover it. */
const LIST_PATH = '/notifications';

function useNotificationToasts(): void {
  const list = useNotifications();
  const onList = useLocation().pathname === LIST_PATH;
  const open = useOpenNotification();
  const openRef = useRef(open);
  // Ids shown in this page: a dismissed toast is not shown again, a reconnect does not double it.
  const shown = useRef(new Set<number>());
  // Ids whose toast is on screen now (not yet dismissed, opened or read).
  const visible = useRef(new Set<number>());

  useEffect(() => {
    openRef.current = open;
  });

  useEffect(() => {
    const all = list.data?.notifications;
    if (!all) return;
    if (onList) {
      // Put away, not dismissed: still unread, they show again on the next page (a dismissed one
      // is no longer visible and stays in `shown`).
      for (const id of [...visible.current]) {
        shown.current.delete(id);
        toasts.hide(toastId(id));
      }
      return;
    }
    const unread = new Set(all.filter((n) => !n.is_read).map((n) => n.id));
    // The list comes newest first. Mantine stacks toasts in the order they were shown (the first
    // on top) unless a `priority` says otherwise, and keeps the highest priorities within the limit:
    // the creation time as priority puts the newest on top, also one arriving later from the
    // stream, and the three newest on screen (older ones wait). Shown newest first so two with the
    // same time keep the list's order.
    for (const notification of all) {
      if (notification.is_read || shown.current.has(notification.id)) continue;
      shown.current.add(notification.id);
      visible.current.add(notification.id);
      const id = toastId(notification.id);
      toasts.show({
        id,
        priority: toastPriority(notification),
        onClose: () => visible.current.delete(notification.id),
        autoClose: false,
        withCloseButton: true,
        // 40 px: a comfortable touch target on a phone (Mantine's default is 28).
        closeButtonProps: {
          'aria-label': `Dismiss notification: ${notification.title}`,
          size: 40,
          iconSize: 20,
        },
        color: 'brand',
        message: (
          <UnstyledButton
            aria-label={toastLabel(notification)}
            w="100%"
            onClick={() => {
              toasts.hide(id);
              void openRef.current(notification);
            }}
          >
            <Stack gap={0}>
              <Text size="xs" c="gray.7">
                {notification.header}
              </Text>
              <Text fw={700} size="sm">
                {notification.title}
              </Text>
              <Text size="sm">{notification.subtitle}</Text>
            </Stack>
          </UnstyledButton>
        ),
      });
    }
    // Read in the dropdown, on the list or in another tab: its toast goes.
    for (const id of shown.current) if (!unread.has(id)) toasts.hide(toastId(id));
  }, [list.data, onList]);

  useEffect(() => {
    const ids = shown.current;
    return () => {
      // Signed out (the shell goes): no toast of the old session stays.
      for (const id of ids) toasts.hide(toastId(id));
      ids.clear();
    };
  }, []);
}

/** A click on a Web Push notification while a page is open: the service worker asks it to navigate. */
function useServiceWorkerNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (
        data?.type === SW_NAVIGATE_MESSAGE &&
        typeof data.url === 'string' &&
        data.url.startsWith('/')
      ) {
        void navigate(data.url);
      }
    };
    const container = navigator.serviceWorker;
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [navigate]);
}

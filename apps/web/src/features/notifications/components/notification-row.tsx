import { Group, Indicator, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { Notification } from '@clearspeak/contract';

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatNotificationDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE.format(date);
}

/** The accessible name of a notification: its title, marked when unread. */
export function notificationName(notification: Notification): string {
  return `${notification.title}${notification.is_read ? '' : ' (unread)'}`;
}

/** One notification as a button (the /notifications list). */
export function NotificationRow({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}) {
  return (
    <UnstyledButton
      onClick={() => onOpen(notification)}
      w="100%"
      p="xs"
      aria-label={notificationName(notification)}
    >
      <NotificationSummary notification={notification} />
    </UnstyledButton>
  );
}

/** Header, title, subtitle, date; unread ones carry a dot. */
export function NotificationSummary({ notification }: { notification: Notification }) {
  return (
    <Group wrap="nowrap" gap="sm" align="flex-start">
      <Indicator disabled={notification.is_read} size={10} color="red" offset={4}>
        {notification.icon ? (
          <img src={notification.icon} alt="" width={36} height={36} />
        ) : (
          <IconBell size={32} aria-hidden />
        )}
      </Indicator>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="gray.7">
          {notification.header}
        </Text>
        <Text fw={notification.is_read ? 500 : 700} lineClamp={2}>
          {notification.title}
        </Text>
        <Text size="sm" lineClamp={2}>
          {notification.subtitle}
        </Text>
        <Text size="xs" c="gray.7">
          {formatNotificationDate(notification.created_at)}
        </Text>
      </Stack>
    </Group>
  );
}

import { Link } from 'react-router';
import { ActionIcon, Indicator, Menu, ScrollArea, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useNotifications, useUnreadCount } from '../api/notifications';
import { useOpenNotification } from '../api/open-notification';
import { NotificationSummary, notificationName } from './notification-row';
import { PushPromptItem, usePushPrompt } from './push-prompt';

export const NO_NOTIFICATIONS = 'No notifications';
export const NOTIFICATIONS_LOAD_FAILED = 'We could not load your notifications.';

/**
 * The header's notifications dropdown (spec: learning §2 Notifications): a bell with the
 * unread count, the list, and 'No notifications' when empty.
 */
export function NotificationsMenu() {
  const count = useUnreadCount();
  const list = useNotifications();
  const open = useOpenNotification();
  const push = usePushPrompt();
  const unread = count.data?.count ?? 0;
  const notifications = list.data?.notifications ?? [];
  return (
    <Menu position="bottom-end" width={340} shadow="md" withinPortal={false}>
      <Menu.Target>
        <Indicator
          label={unread > 99 ? '99+' : unread}
          disabled={unread === 0}
          size={18}
          color="red"
          offset={4}
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={unread > 0 ? `Notifications (${unread} unread)` : 'Notifications'}
          >
            <IconBell size={24} />
          </ActionIcon>
        </Indicator>
      </Menu.Target>
      <Menu.Dropdown aria-label="Notifications">
        {notifications.length === 0 && list.isError ? (
          // Not 'No notifications': the list failed (offline, server trouble), so say so and retry.
          <>
            <Text p="sm" pb={4} size="sm" c="red.8" role="alert">
              {NOTIFICATIONS_LOAD_FAILED}
            </Text>
            <Menu.Item closeMenuOnClick={false} onClick={() => void list.refetch()}>
              Try again
            </Menu.Item>
          </>
        ) : notifications.length === 0 ? (
          <Text p="sm" size="sm" c="gray.7">
            {list.isPending ? 'Loading…' : NO_NOTIFICATIONS}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={400}>
            {notifications.map((notification) => (
              <Menu.Item
                key={notification.id}
                onClick={() => void open(notification)}
                aria-label={notificationName(notification)}
              >
                <NotificationSummary notification={notification} />
              </Menu.Item>
            ))}
          </ScrollArea.Autosize>
        )}
        <Menu.Divider />
        <Menu.Item component={Link} to="/notifications">
          See all notifications
        </Menu.Item>
        <PushPromptItem {...push} />
      </Menu.Dropdown>
    </Menu>
  );
}

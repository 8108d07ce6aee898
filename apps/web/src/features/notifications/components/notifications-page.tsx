import { Paper, Stack, Text } from '@mantine/core';
import { CenteredLoader } from '@/components/ui/centered-loader';
import { ErrorAlert } from '@/components/ui/error-alert';
import { errorMessage } from '@/lib/api';
import { useNotifications } from '../api/notifications';
import { useOpenNotification } from '../api/open-notification';
import { NotificationRow } from './notification-row';
import { NO_NOTIFICATIONS } from './notifications-menu';

/** `/notifications` (spec: learning §2 Notifications). */
export function NotificationsPage() {
  const list = useNotifications();
  const open = useOpenNotification();
  if (list.isPending) return <CenteredLoader label="Loading notifications" />;
  if (list.isError) return <ErrorAlert message={errorMessage(list.error)} />;
  const { notifications } = list.data;
  if (notifications.length === 0) return <Text c="gray.7">{NO_NOTIFICATIONS}</Text>;
  return (
    <Stack
      gap="xs"
      maw={720}
      component="ul"
      p={0}
      style={{ listStyle: 'none' }}
      aria-label="Notifications"
    >
      {notifications.map((notification) => (
        <Paper key={notification.id} withBorder radius="md" component="li">
          <NotificationRow notification={notification} onOpen={(n) => void open(n)} />
        </Paper>
      ))}
    </Stack>
  );
}

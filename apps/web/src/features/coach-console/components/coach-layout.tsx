import { Link, Outlet } from 'react-router';
import { ActionIcon, AppShell, Anchor, Group, Text, Tooltip } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Brand } from '@/components/ui/brand';
import { useSession } from '@/lib/session';

/**
 * The coach console's frame: a slim header (brand → queue, who is signed in, sign out) and
 * the page. No learner navigation: coaches have no modules, dictionary or notifications.
 */
export function CoachLayout() {
  const { session, signOut } = useSession();
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Anchor component={Link} to="/coach" underline="never" aria-label="Coach queue">
              <Brand size="md" />
            </Anchor>
            <Text size="sm" c="gray.7" fw={600} visibleFrom="xs">
              Coach console
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap" miw={0}>
            {session?.user.name && (
              <Text size="sm" c="gray.7" truncate visibleFrom="sm">
                {session.user.name}
              </Text>
            )}
            <Tooltip label="Sign out">
              <ActionIcon variant="subtle" color="gray" aria-label="Sign out" onClick={() => void signOut()}>
                <IconLogout size={22} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

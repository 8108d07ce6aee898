import { Link as RouterLink } from 'react-router';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useSession } from '@/lib/session';

/**
 * `/profile`: the account as stored in the session. Editing, avatar, billing and coupons
 * arrive with the profile issue (spec: accounts §2 Profile).
 */
export function ProfilePage() {
  const { session } = useSession();
  if (!session) return null;
  const { user } = session;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={560}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {user.name ?? user.email}
          </Title>
          <Text c="gray.7">{user.email}</Text>
        </Stack>
        <Button
          component={RouterLink}
          to="/changePassword"
          variant="light"
          leftSection={<IconKey size={20} />}
        >
          Change Password
        </Button>
      </Stack>
    </Paper>
  );
}

import { Button, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { AuthLayout } from '@/components/ui/auth-layout';
import { useSession } from '@/lib/session';
import { roleName } from '@/lib/roles';

/**
 * What a signed-in coach or admin sees at `/` and `/signin`. Learner pages send other roles
 * to `/` (spec: accounts §2); without this page that would loop back to the sign-in form.
 */
export function StaffHome() {
  const { session, signOut } = useSession();
  if (!session) return null;
  const { user } = session;
  return (
    <AuthLayout title={`Signed in as ${roleName(user.role_id)}`}>
      <Stack gap="xs">
        {user.name && <Text fw={600}>{user.name}</Text>}
        <Text>{user.email}</Text>
        <Text c="gray.7" size="sm">
          The learner pages are for learner accounts. Sign out to use another account.
        </Text>
      </Stack>
      <Button
        leftSection={<IconLogout size={20} />}
        onClick={() => void signOut()}
        size="lg"
        fullWidth
      >
        Sign out
      </Button>
    </AuthLayout>
  );
}

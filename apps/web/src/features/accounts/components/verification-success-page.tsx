import { Link as RouterLink } from 'react-router';
import { Button, Text, ThemeIcon, Center } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { AuthLayout } from '@/components/ui/auth-layout';
import { useSession } from '@/lib/session';

/** `/verification-success` (spec: accounts §2): shown after verification. */
export function VerificationSuccessPage() {
  const isSignedIn = useSession().session !== null;
  return (
    <AuthLayout title="Your email is verified">
      <Center>
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconCircleCheck size={40} />
        </ThemeIcon>
      </Center>
      <Text>Thank you. Your account is ready to use.</Text>
      <Button component={RouterLink} to={isSignedIn ? '/modules' : '/signin'} size="lg" fullWidth>
        {isSignedIn ? 'Go to my modules' : 'Sign in'}
      </Button>
    </AuthLayout>
  );
}

import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useSession } from '@/lib/session';
import { useSubscriptionData } from '../api/get-subscription-data';

type Flags = { is_subscribed: boolean; is_free_plan: boolean; isTrialing: boolean };

function membershipLabel(flags: Flags): string {
  if (flags.is_subscribed && flags.isTrialing) return 'Trial';
  if (flags.is_subscribed && !flags.is_free_plan) return 'Subscribed';
  return 'Free';
}

/**
 * Who is signed in and on which membership; a first login (after sign-up) is welcomed. Also
 * keeps the stored hasSubscription flag in step with the server (spec: accounts §3 Session).
 */
export function LearnerGreeting({ compact = false }: { compact?: boolean }) {
  const { session, update } = useSession();
  const location = useLocation();
  const subscription = useSubscriptionData();
  const isFirstLogin = (location.state as { firstLogin?: unknown } | null)?.firstLogin === true;
  const hasSubscription = subscription.data?.is_subscribed;

  useEffect(() => {
    if (hasSubscription !== undefined && session && session.hasSubscription !== hasSubscription) {
      void update({ hasSubscription });
    }
  }, [hasSubscription, session, update]);

  if (!session) return null;
  return (
    <Stack gap={2}>
      {(!compact || isFirstLogin) && (
        <Title order={2} size={compact ? 'h4' : 'h3'}>
          {isFirstLogin ? 'Welcome to ClearSpeak!' : 'Welcome back!'}
        </Title>
      )}
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="gray.7">
          Signed in as <strong>{session.user.email}</strong>
        </Text>
        {subscription.data && (
          <Badge variant="light" size="sm">
            {membershipLabel(subscription.data)}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

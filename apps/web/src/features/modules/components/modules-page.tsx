import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CenteredLoader } from '@/components/ui/centered-loader';
import { ErrorAlert } from '@/components/ui/error-alert';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useSubscriptionData } from '../api/get-subscription-data';

type Flags = { is_subscribed: boolean; is_free_plan: boolean; isTrialing: boolean };

function describeMembership(flags: Flags): { label: string; detail: string } {
  if (flags.is_subscribed && flags.isTrialing) {
    return {
      label: 'Trial',
      detail: 'Your paid plan is in its trial period: lessons are open to you.',
    };
  }
  if (flags.is_subscribed && !flags.is_free_plan) {
    return { label: 'Subscribed', detail: 'Your paid plan is active: lessons are open to you.' };
  }
  // spec: accounts §6 — lessons and coaching need a paid plan.
  return {
    label: 'Free',
    detail: 'Your free membership includes a sample lesson and the fluency assessment.',
  };
}

/**
 * `/modules` and `/modules/:moduleId`. The module list and overview come with the learning
 * issue; until then this page shows what is true today: who is signed in and their
 * membership as the server reports it (GET /module/subscription-data).
 */
export function ModulesPage() {
  const { session, update } = useSession();
  const location = useLocation();
  const subscription = useSubscriptionData();
  const isFirstLogin = (location.state as { firstLogin?: unknown } | null)?.firstLogin === true;
  const hasSubscription = subscription.data?.is_subscribed;

  // Keep the stored flag in step with the server (spec: accounts §3 Session hasSubscription).
  useEffect(() => {
    if (hasSubscription !== undefined && session && session.hasSubscription !== hasSubscription) {
      void update({ hasSubscription });
    }
  }, [hasSubscription, session, update]);

  if (!session) return null;
  const membership = subscription.data ? describeMembership(subscription.data) : null;
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Title order={2}>{isFirstLogin ? 'Welcome to ClearSpeak!' : 'Welcome back!'}</Title>
        <Text>
          You are signed in as <strong>{session.user.email}</strong>.
        </Text>
      </Stack>
      <Paper withBorder radius="lg" p="lg" aria-labelledby="membership-heading">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3} size="h4" id="membership-heading">
              Your membership
            </Title>
            {membership && (
              <Badge size="lg" variant="light">
                {membership.label}
              </Badge>
            )}
          </Group>
          {subscription.isPending && <CenteredLoader label="Loading your membership" />}
          {subscription.isError && <ErrorAlert message={errorMessage(subscription.error)} />}
          {membership && <Text>{membership.detail}</Text>}
        </Stack>
      </Paper>
    </Stack>
  );
}

import { ActionIcon, Indicator, Menu, Text } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { ROLE } from '@clearspeak/contract';
import { useSession } from '@/lib/session';
import { useCreditInfo } from '../api/get-credit-info';

/**
 * The header's coaching-credits dropdown (spec: learning §2 Header, §4 Credits dropdown text, §6):
 * only for with_feedback plans with coaching credit enabled. The badge is the number of sessions
 * left; the text is the first of the server's `messages` (it computes the four §4 texts, with the
 * real renewal date). The lesson player refreshes the same query after sending a request.
 */
export function CreditsMenu() {
  const { session } = useSession();
  const user = session?.user;
  const isEligible = Boolean(user && user.role_id === ROLE.learner && user.isWithFeedback && user.isCoachCreditEnable);
  const info = useCreditInfo({ enabled: isEligible });
  const data = info.data;
  // The session says what the plan was at sign-in; the server's answer wins once it is here.
  if (!isEligible || !data || !data.is_with_feedback || !data.is_coach_credit_enable) return null;
  const remaining = data.remaining_coaching_credit;
  const text = data.messages[0];
  return (
    <Menu position="bottom-end" width={300} shadow="md" withinPortal={false}>
      <Menu.Target>
        <Indicator label={remaining > 99 ? '99+' : remaining} size={18} color={remaining > 0 ? 'brand' : 'gray'} offset={4}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Coaching sessions (${remaining} left)`}
          >
            <IconHeadset size={24} />
          </ActionIcon>
        </Indicator>
      </Menu.Target>
      <Menu.Dropdown aria-label="Coaching sessions">
        <Menu.Label>Coaching sessions</Menu.Label>
        <Text px="sm" pb="sm" size="sm">
          {text ?? `You have ${remaining} coaching ${remaining === 1 ? 'session' : 'sessions'} left.`}
        </Text>
      </Menu.Dropdown>
    </Menu>
  );
}

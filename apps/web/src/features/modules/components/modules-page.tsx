import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Accordion,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconMicrophone2, IconRoute, IconSparkles } from '@tabler/icons-react';
import type { ModuleCard as ModuleCardData } from '@clearspeak/contract';
import { CenteredLoader } from '@/components/ui/centered-loader';
import { ErrorAlert } from '@/components/ui/error-alert';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useInitialAssessmentStatus } from '../api/get-initial-assessment-status';
import { useModuleList } from '../api/get-module-list';
import { useStudyPlan } from '../api/get-study-plan';
import { LearnerGreeting } from './learner-greeting';
import { ModuleCard } from './module-card';
import { SubscribeModal } from './subscribe-modal';

// spec: learning §2 Your Study Plan.
export const STUDY_PLAN_NOTE =
  'Please Complete Your Personal Assessment to View Your Training Plan';

/** `/modules` (spec: learning §2 Module list). */
export function ModulesPage() {
  const { session } = useSession();
  const navigate = useNavigate();
  const list = useModuleList();
  const assessment = useInitialAssessmentStatus();
  const [isSubscribeOpen, setSubscribeOpen] = useState(false);

  const isSubscribed = list.data?.data.is_subscribed ?? session?.user.is_subscribed ?? false;
  const isAssessmentCompleted = assessment.data?.isCompleted ?? false;
  const studyPlan = useStudyPlan(isAssessmentCompleted);
  // spec: §2 — the assessment card hides once the user is subscribed and has completed it.
  const showsAssessmentCard = !(isSubscribed && isAssessmentCompleted);

  function openModule(module: ModuleCardData, isLocked: boolean) {
    if (isLocked) {
      setSubscribeOpen(true);
      return;
    }
    void navigate(`/modules/${module.id}`);
  }

  const data = list.data?.data;
  const trialGroup = data?.othModules.find((group) => group.is_trial);
  // spec: §2 — the trial group is open by default if trial modules exist.
  const defaultOpen =
    trialGroup && (data?.trialModules.length ?? 0) > 0 ? [String(trialGroup.id)] : [];

  return (
    <Stack gap="xl" maw={960}>
      <LearnerGreeting />

      {data && !isSubscribed && (
        <Paper
          component="section"
          aria-label="Subscribe"
          radius="lg"
          p="md"
          bg="var(--mantine-color-brand-0)"
        >
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" radius="xl" size={36}>
              <IconSparkles size={20} aria-hidden />
            </ThemeIcon>
            <Stack gap="xs" align="flex-start">
              <Text fw={700}>Unlock the full course</Text>
              <Text size="sm">
                Subscribe to open every module, practise with AI feedback and get coaching.
              </Text>
              <Button component={Link} to="/subscription" size="sm">
                Subscribe
              </Button>
            </Stack>
          </Group>
        </Paper>
      )}

      <Stack gap="sm" component="section" aria-labelledby="sample-lessons">
        <Title order={2} size="h3" id="sample-lessons">
          Sample Lessons
        </Title>
        {list.isPending && <CenteredLoader label="Loading modules" />}
        {list.isError && <ErrorAlert message={errorMessage(list.error)} />}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {data?.introModules.map((module) => (
            <ModuleCard
              key={module.id}
              module={module}
              isLocked={false}
              onOpen={(m) => openModule(m, false)}
            />
          ))}
          {showsAssessmentCard && (
            <Paper
              withBorder
              radius="lg"
              p="sm"
              component="article"
              aria-label="Fluency Assessment"
            >
              <UnstyledButton
                component={Link}
                to="/initialAssessment"
                state={{ banner: true }}
                w="100%"
                aria-label="Open Fluency Assessment"
              >
                <Group wrap="nowrap" gap="sm">
                  <ThemeIcon size={48} radius="md" variant="light">
                    <IconMicrophone2 size={28} aria-hidden />
                  </ThemeIcon>
                  <Stack gap={0}>
                    <Text fw={600}>Fluency Assessment</Text>
                    <Text size="sm" c="gray.7">
                      Read a short text and get your personal study plan.
                    </Text>
                  </Stack>
                </Group>
              </UnstyledButton>
            </Paper>
          )}
        </SimpleGrid>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="study-plan">
        <Title order={2} size="h3" id="study-plan">
          Your Study Plan
        </Title>
        {isAssessmentCompleted ? (
          <>
            {studyPlan.isPending && <CenteredLoader label="Loading your study plan" />}
            {studyPlan.isError && <ErrorAlert message={errorMessage(studyPlan.error)} />}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {studyPlan.data?.map((module) => {
                const isLocked = !module.is_unlocked;
                return (
                  <ModuleCard
                    key={module.id}
                    module={module}
                    isLocked={isLocked}
                    onOpen={(m) => openModule(m, isLocked)}
                  />
                );
              })}
            </SimpleGrid>
            <Group>
              <Button component={Link} to="/my-lessons" variant="light">
                Open Your Study Plan
              </Button>
            </Group>
          </>
        ) : (
          <Paper withBorder radius="lg" p="md">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon size={40} radius="md" variant="light" color="gray">
                  <IconRoute size={24} aria-hidden />
                </ThemeIcon>
                <Text size="sm" c="gray.7">
                  {STUDY_PLAN_NOTE}
                </Text>
              </Group>
              <Button disabled variant="light">
                Open Your Study Plan
              </Button>
            </Group>
          </Paper>
        )}
      </Stack>

      {data && (
        <Stack gap="sm" component="section" aria-labelledby="module-list">
          <Title order={2} size="h3" id="module-list">
            Module List
          </Title>
          <Accordion multiple defaultValue={defaultOpen} variant="separated" radius="lg">
            {data.othModules.map((group) => (
              <Accordion.Item key={group.id} value={String(group.id)}>
                <Accordion.Control>
                  <Text fw={600}>{group.title}</Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="sm">
                    {group.modules.map((module) => {
                      // spec: §4 — is_unlocked false outside the intro group is locked.
                      const isLocked = !module.is_unlocked && !module.intro_module;
                      return (
                        <ModuleCard
                          key={module.id}
                          module={module}
                          isLocked={isLocked}
                          onOpen={(m) => openModule(m, isLocked)}
                        />
                      );
                    })}
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      )}

      <SubscribeModal opened={isSubscribeOpen} onClose={() => setSubscribeOpen(false)} />
    </Stack>
  );
}

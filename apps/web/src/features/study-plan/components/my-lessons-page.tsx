import { Link } from 'react-router';
import {
  Anchor,
  Avatar,
  Group,
  Image,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { CenteredLoader } from '@/components/ui/centered-loader';
import { ErrorAlert } from '@/components/ui/error-alert';
import { errorMessage } from '@/lib/api';
import { useTrainingPlan } from '../api/get-training-plan';

// spec: learning §2 My Lessons.
export const RESULTS_PENDING = 'Your results will be ready in a day or two';
export const PRACTICE_LINK = "Let's practice for now!";

/** `/my-lessons` (spec: learning §2, accounts §2 My Lessons). */
export function MyLessonsPage() {
  const plan = useTrainingPlan();
  return (
    <Stack gap="lg" maw={720}>
      <Paper
        radius="lg"
        p="md"
        bg="var(--mantine-color-brand-0)"
        component="section"
        aria-label="Your coach"
      >
        <Group wrap="nowrap" gap="md">
          <Avatar radius="xl" size={56} color="brand">
            <IconSchool size={32} aria-hidden />
          </Avatar>
          <Stack gap={2}>
            <Text fw={700}>Your personal study plan</Text>
            <Text size="sm">
              These modules train the sounds your assessment showed need the most work. Start at the
              top: a little practice every day adds up.
            </Text>
          </Stack>
        </Group>
      </Paper>

      <Stack gap="sm" component="section" aria-labelledby="active-lessons">
        <Title order={2} size="h3" id="active-lessons">
          Active Lessons
        </Title>
        {plan.isPending && <CenteredLoader label="Loading your lessons" />}
        {plan.isError && <ErrorAlert message={errorMessage(plan.error)} />}
        {plan.data?.length === 0 && (
          <Stack gap="xs" align="flex-start">
            <Text>{RESULTS_PENDING}</Text>
            <Anchor component={Link} to="/modules" fw={600}>
              {PRACTICE_LINK}
            </Anchor>
          </Stack>
        )}
        {plan.data && plan.data.length > 0 && (
          <Stack
            gap="sm"
            component="ol"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Active Lessons"
          >
            {plan.data.map((module) => (
              <Paper key={module.id} component="li" withBorder radius="lg" p="sm">
                <UnstyledButton
                  component={Link}
                  to={`/modules/${module.id}`}
                  w="100%"
                  aria-label={`Open ${module.title}`}
                >
                  <Group wrap="nowrap" gap="sm">
                    <Image src={module.icon_url} alt="" w={48} h={48} radius="md" fit="contain" />
                    <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                      <Text fw={600} lineClamp={2}>
                        {module.title}
                      </Text>
                      <Text size="sm" c="gray.7" lineClamp={2}>
                        {module.sub_title}
                      </Text>
                      <Progress
                        value={Math.max(0, Math.min(100, module.user_progress))}
                        size="sm"
                        aria-label={`${module.title} progress`}
                      />
                    </Stack>
                  </Group>
                </UnstyledButton>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

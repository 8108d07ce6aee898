import { useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import {
  Badge,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCircleCheckFilled, IconLock, IconPlayerPlay } from '@tabler/icons-react';
import { useModuleDetail } from '../api/get-module-detail';
import {
  OVERVIEW_SECTIONS,
  buildSteps,
  canOpenStep,
  isStepCompleted,
  kindInfo,
  stepPath,
  type Step,
} from '../lib/steps';
import { FeedbackLessonCard } from './feedback-lesson';
import { LearnerGreeting } from './learner-greeting';
import { LOCKED_LESSON_MESSAGE, NoticeModal } from './notice-modal';
import { SubscribeModal } from './subscribe-modal';

export function parseModuleId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** `/modules/:moduleId` (spec: learning §2 Module overview). */
export function ModuleOverviewPage() {
  const params = useParams();
  const moduleId = parseModuleId(params.moduleId);
  if (moduleId === null) return <Navigate to="/modules" replace />;
  return <ModuleOverview moduleId={moduleId} />;
}

function ModuleOverview({ moduleId }: { moduleId: number }) {
  const navigate = useNavigate();
  const detail = useModuleDetail(moduleId);
  const [isLockedOpen, setLockedOpen] = useState(false);
  const steps = useMemo(() => (detail.data ? buildSteps(detail.data) : []), [detail.data]);

  // spec: §7/§8 — a failed module detail call redirects to /modules.
  if (detail.isError) return <Navigate to="/modules" replace />;
  const data = detail.data;
  const isModuleLocked = data ? !data.is_unlocked && !data.intro_module : false;

  function openStep(step: Step) {
    if (!canOpenStep(steps, step)) {
      setLockedOpen(true);
      return;
    }
    void navigate(stepPath(moduleId, step));
  }

  return (
    <Stack gap="lg" maw={960}>
      <LearnerGreeting compact />
      <Group wrap="nowrap" gap="md" align="flex-start" component="header">
        {data && <Image src={data.list_icon} alt="" w={64} h={64} radius="md" fit="contain" />}
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2}>{data?.title ?? 'Loading...'}</Title>
          <Text c="gray.7">{data ? data.description : 'Loading...'}</Text>
        </Stack>
      </Group>

      {data && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {OVERVIEW_SECTIONS.map((section) => {
            const sectionSteps = steps.filter((s) =>
              (section.kinds as readonly string[]).includes(s.kind),
            );
            const doneCount = sectionSteps.filter((s) => isStepCompleted(steps, s)).length;
            const isDone = sectionSteps.length > 0 && doneCount === sectionSteps.length;
            const next = sectionSteps.find((s) => !isStepCompleted(steps, s)) ?? sectionSteps[0];
            // One entry per lesson; grouped kinds (listen and record, …) are one entry each.
            const entries = sectionSteps.filter(
              (s, i) => sectionSteps.findIndex((o) => o.unitKey === s.unitKey) === i,
            );
            return (
              <Paper
                key={section.key}
                withBorder
                radius="lg"
                p="md"
                component="section"
                aria-labelledby={`section-${section.key}`}
              >
                <Stack gap="sm">
                  <Group justify="space-between" wrap="nowrap">
                    <Title order={3} size="h4" id={`section-${section.key}`}>
                      {section.title}
                    </Title>
                    <Badge
                      color={isDone ? 'green' : 'gray'}
                      variant="light"
                      style={{ flexShrink: 0 }}
                    >
                      {isDone ? 'Completed' : `${doneCount} of ${sectionSteps.length} done`}
                    </Badge>
                  </Group>
                  <Stack gap={4}>
                    {entries.map((step) => {
                      const isCompleted = isStepCompleted(steps, step);
                      const isOpen = canOpenStep(steps, step);
                      const title =
                        step.kind === 'video' ||
                        step.kind === 'preLesson' ||
                        step.kind === 'fluency' ||
                        step.kind === 'final'
                          ? step.item.title || step.item.lesson_title
                          : kindInfo(data, step.kind).title;
                      return (
                        <UnstyledButton
                          key={step.unitKey}
                          onClick={() => openStep(step)}
                          aria-label={`${title}${isCompleted ? ' (completed)' : isOpen ? '' : ' (locked)'}`}
                          py={6}
                          // A 44 px touch target (the icon and one line of text made 32 px).
                          style={{ minHeight: 44, display: 'flex', alignItems: 'center' }}
                        >
                          <Group gap="xs" wrap="nowrap">
                            {isCompleted ? (
                              <IconCircleCheckFilled
                                size={20}
                                color="var(--mantine-color-green-7)"
                                aria-hidden
                              />
                            ) : isOpen ? (
                              <IconPlayerPlay size={20} aria-hidden />
                            ) : (
                              <IconLock size={20} color="var(--mantine-color-gray-6)" aria-hidden />
                            )}
                            <Text size="sm">{title}</Text>
                          </Group>
                        </UnstyledButton>
                      );
                    })}
                  </Stack>
                  {next && (
                    <Button
                      onClick={() => openStep(next)}
                      variant={isDone ? 'light' : 'filled'}
                      aria-label={`${isDone ? 'Practice' : doneCount > 0 ? 'Continue' : 'Start'} ${section.title}`}
                    >
                      {isDone ? 'Practice again' : doneCount > 0 ? 'Continue' : 'Start'}
                    </Button>
                  )}
                </Stack>
              </Paper>
            );
          })}
          <FeedbackLessonCard moduleId={moduleId} isIntro={data.intro_module} />
        </SimpleGrid>
      )}

      <NoticeModal
        opened={isLockedOpen}
        title="Lesson locked"
        message={LOCKED_LESSON_MESSAGE}
        onClose={() => setLockedOpen(false)}
      />
      <SubscribeModal opened={isModuleLocked} onClose={() => void navigate('/modules')} />
    </Stack>
  );
}

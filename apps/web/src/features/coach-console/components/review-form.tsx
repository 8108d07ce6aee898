import { memo, useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Box, Button, Grid, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import type { CoachRequestDetail, FeedbackFactor } from '@clearspeak/contract';
import { errorMessage } from '@/lib/api';
import { useReleaseRequest } from '../api/release-request';
import { useSubmitFeedback } from '../api/submit-feedback';
import { uploadReplyAudio } from '../api/upload-reply-audio';
import {
  buildSubmitPayload,
  clearDraft,
  itemDraft,
  loadDraft,
  missingParts,
  saveDraft,
  type ItemDraft,
  type ReviewDraft,
} from '../lib/review-draft';
import { FactorRatings } from './factor-ratings';
import { ReplyRecorder } from './reply-recorder';
import { RequestHeader } from './request-header';
import { RequestItemCard } from './request-item-card';

const TEXT_LIMIT = 4000;

/** The review of a claimed request: a reply per recording, a summary, stars, submit. */
export function ReviewForm({ request }: { request: CoachRequestDetail }) {
  const navigate = useNavigate();
  const submit = useSubmitFeedback();
  const release = useReleaseRequest();
  const [draft, setDraft] = useState<ReviewDraft>(() => loadDraft(request.id));
  const [submitError, setSubmitError] = useState<string | null>(null);
  // Items whose audio reply is uploading: submitting now would send the previous reply.
  const [savingItemIds, setSavingItemIds] = useState<ReadonlySet<number>>(new Set());
  const setItemSaving = useCallback((itemId: number, isSaving: boolean) => {
    setSavingItemIds((current) => {
      const next = new Set(current);
      if (isSaving) next.add(itemId);
      else next.delete(itemId);
      return next;
    });
  }, []);
  const isSavingAudio = savingItemIds.size > 0;

  useEffect(() => {
    saveDraft(request.id, draft);
  }, [request.id, draft]);

  const itemIds = request.items.map((item) => item.id);
  const missing = missingParts(draft, itemIds);
  const payload = buildSubmitPayload(request.id, draft, itemIds);

  const updateItem = useCallback((itemId: number, change: Partial<ItemDraft>) => {
    setDraft((current) => ({
      ...current,
      items: { ...current.items, [String(itemId)]: { ...itemDraft(current, itemId), ...change } },
    }));
  }, []);

  function setStars(factor: FeedbackFactor, stars: number) {
    setDraft((current) => ({ ...current, scores: { ...current.scores, [factor]: stars } }));
  }

  function send() {
    if (!payload || isSavingAudio) return;
    setSubmitError(null);
    submit.mutate(payload, {
      onSuccess: () => {
        clearDraft(request.id);
        notifications.show({ color: 'brand', title: 'Feedback sent', message: `${request.learner.name} has been notified.` });
        void navigate('/coach');
      },
      onError: (error) => setSubmitError(errorMessage(error)),
    });
  }

  function confirmRelease() {
    modals.openConfirmModal({
      title: 'Give this request back to the queue?',
      centered: true,
      children: (
        <Text size="sm">
          Another coach can then claim it. Your replies, summary and stars on this request will be discarded.
        </Text>
      ),
      labels: { confirm: 'Release', cancel: 'Keep reviewing' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        release.mutate(request.id, {
          onSuccess: () => {
            clearDraft(request.id);
            notifications.show({ color: 'gray', message: 'The request is back in the queue.' });
            void navigate('/coach');
          },
          onError: (error) => notifications.show({ color: 'red', title: 'Not released', message: errorMessage(error) }),
        }),
    });
  }

  return (
    <Stack gap="md" maw={1320} mx="auto">
      <RequestHeader
        request={request}
        actions={
          <Button variant="default" color="red" onClick={confirmRelease} loading={release.isPending}>
            Release
          </Button>
        }
      />
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {request.items.map((item, index) => (
              <ReviewItem
                key={item.id}
                requestId={request.id}
                item={item}
                index={index}
                reply={itemDraft(draft, item.id)}
                onChange={updateItem}
                onSavingChange={setItemSaving}
              />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} style={{ position: 'sticky', top: 72 }}>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="coach-overall-heading">
            <Stack gap="sm">
              <Title order={2} size="h4" id="coach-overall-heading">
                Overall feedback
              </Title>
              <Textarea
                label="Summary for the learner"
                rows={6}
                resize="vertical"
                maxLength={TEXT_LIMIT}
                value={draft.summary}
                onChange={(event) => {
                  const summary = event.currentTarget.value;
                  setDraft((current) => ({ ...current, summary }));
                }}
              />
              <Text fw={600} size="sm" mt={4}>
                Scores
              </Text>
              <FactorRatings scores={draft.scores} onChange={setStars} />
              {submitError && (
                <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" p="xs">
                  {submitError} Your work is kept; try again.
                </Alert>
              )}
              <Button size="md" leftSection={<IconSend size={18} aria-hidden />} onClick={send} disabled={!payload || isSavingAudio} loading={submit.isPending} fullWidth>
                Submit feedback
              </Button>
              {isSavingAudio && (
                <Text size="xs" c="gray.7" role="status">
                  Saving an audio reply…
                </Text>
              )}
              {missing.length > 0 && (
                <Text size="xs" c="gray.7" id="coach-missing">
                  Still needed: {missing.join('; ')}.
                </Text>
              )}
              <Text size="xs" c="gray.7">
                Your typing is kept in this tab if you reload. Audio replies are saved as soon as you stop recording.
              </Text>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

type Item = CoachRequestDetail['items'][number];

/** One recording and the coach's reply to it; re-renders only when its own reply changes. */
const ReviewItem = memo(function ReviewItem({
  requestId,
  item,
  index,
  reply,
  onChange,
  onSavingChange,
}: {
  requestId: number;
  item: Item;
  index: number;
  reply: ItemDraft;
  onChange: (itemId: number, change: Partial<ItemDraft>) => void;
  onSavingChange: (itemId: number, isSaving: boolean) => void;
}) {
  const label = `recording ${index + 1}`;
  return (
    <RequestItemCard item={item} index={index}>
      <Box pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <Stack gap="xs">
          <Text fw={650} size="sm">
            Your reply
          </Text>
          <ReplyRecorder
            label={label}
            saved={reply.replyAudioId !== null && reply.audioUrl !== null ? { replyAudioId: reply.replyAudioId, audioUrl: reply.audioUrl } : null}
            onUpload={async (recording) => {
              const stored = await uploadReplyAudio(requestId, item.id, recording);
              return { replyAudioId: stored.reply_audio_id, audioUrl: stored.audio_url };
            }}
            onChange={(saved) => onChange(item.id, { replyAudioId: saved?.replyAudioId ?? null, audioUrl: saved?.audioUrl ?? null })}
            onSavingChange={(isSaving) => onSavingChange(item.id, isSaving)}
          />
          <Textarea
            label={`Written reply to ${label}`}
            description="Optional when you recorded a reply."
            rows={3}
            resize="vertical"
            maxLength={TEXT_LIMIT}
            value={reply.text}
            onChange={(event) => onChange(item.id, { text: event.currentTarget.value })}
          />
        </Stack>
      </Box>
    </RequestItemCard>
  );
});

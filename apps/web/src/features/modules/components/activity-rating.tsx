import { useState } from 'react';
import { Button, Group, Paper, Rating, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ErrorAlert } from '@/components/ui/error-alert';
import { errorMessage } from '@/lib/api';
import { storeActivityReview } from '../api/store-review';

/** Rate a fluency activity, 1–5 stars with an optional comment (POST /review/store). */
export function ActivityRating({ fluencyActivityId }: { fluencyActivityId: number }) {
  const [rating, setRating] = useState(0);
  const [review, setReview] = useState('');
  const send = useMutation({
    mutationFn: () => storeActivityReview({ fluencyActivityId, rating, review: review.trim() }),
  });
  if (send.isSuccess) {
    return (
      <Text role="status" c="green.8" fw={600}>
        Thanks for your rating.
      </Text>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Rate this activity">
      <Stack gap="sm">
        <Text fw={600}>How useful was this activity?</Text>
        <Rating
          value={rating}
          onChange={setRating}
          size="lg"
          getSymbolLabel={(value) => `${value} ${value === 1 ? 'star' : 'stars'}`}
        />
        <Textarea
          label="Your comment (optional)"
          value={review}
          onChange={(event) => setReview(event.currentTarget.value)}
          maxLength={2000}
          rows={2}
        />
        {send.isError && <ErrorAlert message={errorMessage(send.error)} />}
        <Group justify="flex-end">
          <Button variant="light" disabled={rating < 1} loading={send.isPending} onClick={() => send.mutate()}>
            Send rating
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

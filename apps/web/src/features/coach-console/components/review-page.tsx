import { Link, useParams } from 'react-router';
import { Button, Container, Stack } from '@mantine/core';
import { CenteredLoader } from '@/components/ui/centered-loader';
import { ErrorAlert } from '@/components/ui/error-alert';
import { errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCoachRequest } from '../api/get-request-detail';
import { AnsweredReview } from './answered-review';
import { ReviewForm } from './review-form';

/** `/coach/requests/:id`: a claimed request to review, or an answered one to read. */
export function ReviewPage() {
  const params = useParams();
  const id = Number(params.id);
  const isValidId = Number.isInteger(id) && id > 0;
  const detail = useCoachRequest(isValidId ? id : null);
  useDocumentTitle(detail.data ? `Review · ${detail.data.learner.name}` : 'Review');

  if (!isValidId) return <BackWithError message="This request does not exist." />;
  const request = detail.data;
  // A failed background refresh keeps showing what was loaded (and the typed work with it).
  if (!request) {
    if (detail.isError) return <BackWithError message={errorMessage(detail.error)} />;
    return <CenteredLoader label="Loading the request" />;
  }
  if (request.status === 'answered' || request.status === 'cleared') return <AnsweredReview request={request} />;
  if (request.status !== 'claimed' || !request.claimed_by_me) {
    return <BackWithError message="This request is not yours to review. Claim it from the queue first." />;
  }
  return <ReviewForm key={request.id} request={request} />;
}

function BackWithError({ message }: { message: string }) {
  return (
    <Container size="md" px={0}>
      <Stack gap="md" align="flex-start">
        <ErrorAlert message={message} />
        <Button component={Link} to="/coach" variant="default">
          Back to the queue
        </Button>
      </Stack>
    </Container>
  );
}

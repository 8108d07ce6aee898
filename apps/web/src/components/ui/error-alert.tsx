import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { MESSAGES } from '@clearspeak/contract';

/** The one way errors are shown: an alert with the server's message or the spec's generic one. */
export function ErrorAlert({ message, title }: { message?: string | null; title?: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} title={title}>
      {message || MESSAGES.generic}
    </Alert>
  );
}

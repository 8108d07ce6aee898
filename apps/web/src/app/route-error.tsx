import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@clearspeak/contract';

/** The error boundary of every route (spec: accounts §2 "Something went wrong."). */
export function RouteError() {
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder radius="lg" p="xl" maw={440} w="100%" role="alert">
        <Stack>
          <Title order={1} size="h2">
            {MESSAGES.boundary}
          </Title>
          <Text>Reload the page to continue. If it happens again, sign in once more.</Text>
          <Button onClick={() => window.location.assign('/')} size="lg">
            Reload
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

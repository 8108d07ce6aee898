import { Link as RouterLink } from 'react-router';
import { Button, Paper, Stack, Text } from '@mantine/core';

export function NotFoundPage() {
  return (
    <Paper withBorder radius="lg" p="xl" maw={560}>
      <Stack>
        <Text>This page is not part of ClearSpeak yet, or its address is wrong.</Text>
        <Button component={RouterLink} to="/modules" variant="light">
          Go to Modules
        </Button>
      </Stack>
    </Paper>
  );
}

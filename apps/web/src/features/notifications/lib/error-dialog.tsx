import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** An alert dialog with an OK button (spec: learning §8 alerts). */
export function showErrorDialog({ title, message }: { title: string; message: string }): void {
  const id = modals.open({
    title,
    centered: true,
    children: (
      <>
        <Text>{message}</Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => modals.close(id)}>OK</Button>
        </Group>
      </>
    ),
  });
}

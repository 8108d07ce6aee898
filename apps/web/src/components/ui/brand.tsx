import { Group, Text } from '@mantine/core';
import { IconMessageCircle2Filled } from '@tabler/icons-react';
import { PRODUCT_NAME } from '@clearspeak/contract';

export function Brand({ size = 'lg' }: { size?: 'md' | 'lg' | 'xl' }) {
  return (
    <Group gap={8} wrap="nowrap" aria-label={PRODUCT_NAME} role="img">
      <IconMessageCircle2Filled
        size={size === 'xl' ? 36 : 28}
        color="var(--mantine-color-brand-8)"
        aria-hidden
      />
      <Text fw={700} size={size} c="brand.9" aria-hidden>
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}

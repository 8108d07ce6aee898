import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Brand } from './brand';

/** The frame of the signed-out screens: brand, one heading, one card. Fits a 320 px phone. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Box component="main" mih="100dvh" bg="gray.0" py={{ base: 'md', sm: 48 }} px="md">
      <Center>
        <Stack w="100%" maw={440} gap="lg">
          <Center>
            <Brand size="xl" />
          </Center>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
            <Stack gap="md">
              <Title order={1} size="h2">
                {title}
              </Title>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}

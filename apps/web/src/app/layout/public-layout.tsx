import { Outlet, useLocation } from 'react-router';
import { Box, Container, Group, Title } from '@mantine/core';
import { Brand } from '../../components/ui/brand';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { headerFor } from './page-titles';
import { Shell } from './shell';

/**
 * Pages open to anonymous visitors (spec: accounts §2 "/initialAssessment (anonymous allowed)"):
 * inside the shell when signed in, on a plain page with the brand otherwise.
 */
export function ShellWhenSignedIn() {
  const { session } = useSession();
  if (session) return <Shell />;
  return <PublicLayout />;
}

function PublicLayout() {
  const location = useLocation();
  const { title } = headerFor(location.pathname);
  useDocumentTitle(title);
  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)">
      <Group component="header" px="md" h={60} align="center">
        <Brand />
        <Title order={1} size="h3">
          {title}
        </Title>
      </Group>
      <Container component="main" size="md" py="md">
        <Outlet />
      </Container>
    </Box>
  );
}

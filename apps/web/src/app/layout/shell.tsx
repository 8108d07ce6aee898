import { NavLink as RouterNavLink, Outlet, useLocation, useNavigate } from 'react-router';
import {
  ActionIcon,
  AppShell,
  Box,
  Group,
  NavLink,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconBook2,
  IconLogout,
  IconUserCircle,
  IconVocabulary,
  IconX,
} from '@tabler/icons-react';
import { Brand } from '../../components/ui/brand';
import { CreditsMenu } from '../../features/coaching/components/credits-menu';
import { LiveNotifications } from '../../features/notifications/components/live-notifications';
import { NotificationsMenu } from '../../features/notifications/components/notifications-menu';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { headerFor } from './page-titles';
import classes from './shell.module.css';

// spec: accounts §2 / learning §2 — "Navigation (bottom or side): Modules, Dictionary, Profile".
const NAV_ITEMS = [
  { to: '/modules', label: 'Modules', icon: IconBook2 },
  { to: '/dictionary', label: 'Dictionary', icon: IconVocabulary },
  { to: '/profile', label: 'Profile', icon: IconUserCircle },
] as const;

/** Mantine's `sm` breakpoint: below 768 px the navigation is a bottom bar. */
const WIDE_QUERY = '(min-width: 48em)';

export function Shell() {
  const location = useLocation();
  const navigate = useNavigate();
  const { signOut } = useSession();
  const isWide = useMediaQuery(WIDE_QUERY, false, { getInitialValueInEffect: false });
  const header = headerFor(location.pathname);
  useDocumentTitle(header.title);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: true } }}
      footer={{ height: 68, collapsed: isWide }}
      padding="md"
    >
      <LiveNotifications />
      <AppShell.Header>
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            {header.leading !== 'none' && header.backTo && (
              <Tooltip label={header.leading === 'close' ? 'Close' : 'Back'}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={header.leading === 'close' ? 'Close' : 'Back'}
                  onClick={() => void navigate(header.backTo ?? '/modules')}
                >
                  {header.leading === 'close' ? <IconX size={24} /> : <IconArrowLeft size={24} />}
                </ActionIcon>
              </Tooltip>
            )}
            {isWide && header.leading === 'none' && <Brand />}
            {/* On a phone the icons leave ~170 px: a smaller title on up to two lines, so
                'Fluency Assessment' or 'Change Password' is not cut to 'Fluency…'. */}
            <Title
              order={1}
              size={isWide ? 'h3' : 'h4'}
              lineClamp={isWide ? 1 : 2}
              lh={1.2}
              ml={isWide && header.leading === 'none' ? 'md' : 0}
            >
              {header.title}
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <CreditsMenu />
            <NotificationsMenu />
            <Tooltip label="Sign out">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label="Sign out"
                onClick={() => void signOut()}
              >
                <IconLogout size={24} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </AppShell.Header>

      {isWide && (
        <AppShell.Navbar p="sm" aria-label="Main">
          <Box px="sm" pt={4} pb="md">
            <Brand />
          </Box>
          <Stack gap={4}>
            {NAV_ITEMS.map((item) => (
              <NavLink
                key={item.to}
                component={RouterNavLink}
                to={item.to}
                label={item.label}
                leftSection={<item.icon size={22} aria-hidden />}
                active={
                  location.pathname === item.to || location.pathname.startsWith(`${item.to}/`)
                }
                py="sm"
                fw={500}
              />
            ))}
          </Stack>
        </AppShell.Navbar>
      )}

      <AppShell.Main>
        <Outlet />
      </AppShell.Main>

      {!isWide && (
        <AppShell.Footer>
          <Group component="nav" aria-label="Main" h="100%" grow gap={0} wrap="nowrap">
            {NAV_ITEMS.map((item) => {
              const isActive =
                location.pathname === item.to || location.pathname.startsWith(`${item.to}/`);
              return (
                <UnstyledButton
                  key={item.to}
                  component={RouterNavLink}
                  to={item.to}
                  className={classes.bottomLink}
                  data-active={isActive || undefined}
                  aria-current={isActive ? 'page' : undefined}
                >
                  <item.icon size={24} aria-hidden />
                  <Text size="xs" fw={600} component="span">
                    {item.label}
                  </Text>
                </UnstyledButton>
              );
            })}
          </Group>
        </AppShell.Footer>
      )}
    </AppShell>
  );
}

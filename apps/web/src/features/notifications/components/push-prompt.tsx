import { useCallback, useEffect, useState } from 'react';
import { Menu, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { currentRegistration, isPushSupported, subscribeToPush } from '../lib/web-push';

export const PUSH_PROMPT_TEXT = 'Get notified when your coach replies';
export const PUSH_ENABLED_TEXT = 'You will get a notification when your coach replies, even with this tab closed.';
export const PUSH_FAILED_TEXT = 'We could not turn on notifications. Please try again later.';
export const PUSH_BLOCKED_TEXT =
  'Notifications are blocked for this site. You can allow them in your browser’s site settings.';

type PushPromptState = 'hidden' | 'ask' | 'working' | 'enabled' | 'failed' | 'blocked';

/**
 * Whether to offer Web Push, and the click that asks for it. Shown only where push works, the
 * service worker is registered and the browser has not been asked yet. When permission was given
 * before, the subscription is stored again quietly (it follows whoever is signed in).
 */
export function usePushPrompt(): { state: PushPromptState; enable: () => Promise<void> } {
  const [state, setState] = useState<PushPromptState>('hidden');

  useEffect(() => {
    let active = true;
    void (async () => {
      const registration = await currentRegistration().catch(() => undefined);
      if (!active || !registration) return;
      if (Notification.permission === 'default') setState('ask');
      else if (Notification.permission === 'granted') await subscribeToPush(registration).catch(() => undefined);
    })();
    return () => {
      active = false;
    };
  }, []);

  const enable = useCallback(async () => {
    if (!isPushSupported()) return;
    setState('working');
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        // Blocked (now or before, e.g. by a site setting): say where to change it, or the click
        // seems to do nothing. Dismissed: do not ask again in this page.
        setState(permission === 'denied' ? 'blocked' : 'hidden');
        return;
      }
      await subscribeToPush(await navigator.serviceWorker.ready);
      setState('enabled');
    } catch {
      setState('failed');
    }
  }, []);

  return { state, enable };
}

/** The polite prompt at the foot of the notifications dropdown. */
export function PushPromptItem({ state, enable }: ReturnType<typeof usePushPrompt>) {
  if (state === 'ask' || state === 'working') {
    return (
      <Menu.Item
        leftSection={<IconBellRinging size={18} aria-hidden />}
        disabled={state === 'working'}
        // The menu stays open, so the answer (on, blocked, failed) shows where the click was.
        closeMenuOnClick={false}
        onClick={() => void enable()}
      >
        {PUSH_PROMPT_TEXT}
      </Menu.Item>
    );
  }
  if (state === 'enabled' || state === 'failed' || state === 'blocked') {
    const text = { enabled: PUSH_ENABLED_TEXT, failed: PUSH_FAILED_TEXT, blocked: PUSH_BLOCKED_TEXT }[state];
    return (
      <Text size="xs" c="gray.7" px="sm" py={6} role="status">
        {text}
      </Text>
    );
  }
  return null;
}

import { useCallback, useEffect, useState } from 'react';
import { Menu, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { currentRegistration, isPushSupported, subscribeToPush } from '../lib/web-push';

export const PUSH_PROMPT_TEXT = 'Get notified when your coach replies';
export const PUSH_ENABLED_TEXT = 'You will get a notification when your coach replies, even with this tab closed.';
export const PUSH_FAILED_TEXT = 'We could not turn on notifications. Please try again later.';

type PushPromptState = 'hidden' | 'ask' | 'working' | 'enabled' | 'failed';

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
        // Declined or dismissed: do not ask again in this page.
        setState('hidden');
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
        onClick={() => void enable()}
      >
        {PUSH_PROMPT_TEXT}
      </Menu.Item>
    );
  }
  if (state === 'enabled' || state === 'failed') {
    return (
      <Text size="xs" c="gray.7" px="sm" py={6} role="status">
        {state === 'enabled' ? PUSH_ENABLED_TEXT : PUSH_FAILED_TEXT}
      </Text>
    );
  }
  return null;
}

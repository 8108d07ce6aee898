import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, makeUser } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';
import { SW_NAVIGATE_MESSAGE, base64UrlToBytes } from '../lib/web-push';
import { PUSH_BLOCKED_TEXT, PUSH_ENABLED_TEXT, PUSH_PROMPT_TEXT } from './push-prompt';

// The browser's push machinery is the edge here: Notification, the service worker registration
// and its PushManager are faked; the app's own code and the (fake) server calls are real.

const PUBLIC_KEY = 'BGjM_t_mR-zhe1n6pLzSNKeGzQRvZFQA9kKowEdBrmXjBaSfUem5KUnPBw6EPhTFs_0HplJ-r_c-bTndCeMrP88';
const SUBSCRIPTION = {
  endpoint: 'https://push.example.net/send/abc123',
  expirationTime: null,
  keys: { p256dh: 'BPx-browser-key', auth: 'auth-secret' },
};

let permission: NotificationPermission;
let requestPermission: ReturnType<typeof vi.fn>;
let subscribe: ReturnType<typeof vi.fn>;
let workerListeners: Array<(event: MessageEvent) => void>;

beforeEach(() => {
  permission = 'default';
  requestPermission = vi.fn(async () => {
    permission = 'granted';
    return permission;
  });
  subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => ({
    options,
    toJSON: () => SUBSCRIPTION,
    unsubscribe: async () => true,
  }));
  const FakeNotification = Object.defineProperties(function Notification() {}, {
    permission: { get: () => permission },
    requestPermission: { value: requestPermission },
  });
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('PushManager', function PushManager() {});
  const registration = { pushManager: { getSubscription: async () => null, subscribe } };
  workerListeners = [];
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => registration,
      ready: Promise.resolve(registration),
      addEventListener: (_type: string, listener: (event: MessageEvent) => void) => workerListeners.push(listener),
      removeEventListener: (_type: string, listener: (event: MessageEvent) => void) =>
        workerListeners.splice(workerListeners.indexOf(listener), 1),
    },
  });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

function serve() {
  return installFakeServer({
    'GET /module/list/v3': () => ({
      body: { isError: false, data: { introModules: [], trialModules: [], othModules: [], is_subscribed: false } },
    }),
    'GET /module/subscription-data': () => ({
      body: { isError: false, is_subscribed: false, is_free_plan: true, isTrialing: false },
    }),
    'GET /get-user-notifications': () => ({ body: { isError: false, notifications: [] } }),
    'GET /get-unread-notification-count': () => ({ body: { isError: false, count: 0 } }),
    'GET /web-push/public-key': () => ({ body: { isError: false, public_key: PUBLIC_KEY } }),
    'POST /store-webnotification-token': () => ({ body: { isError: false, message: 'Stored.' } }),
  });
}

describe('Web Push prompt (issue 5)', () => {
  it('asks only when the learner clicks the prompt, then subscribes with the server key and stores the subscription', async () => {
    const server = serve();
    const { user } = await renderApp('/modules', { user: makeUser() });
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await user.click(bell);
    const prompt = await within(await screen.findByRole('menu')).findByRole('menuitem', { name: PUSH_PROMPT_TEXT });
    // Never on page load.
    expect(requestPermission).not.toHaveBeenCalled();
    expect(server.calls('POST /store-webnotification-token')).toHaveLength(0);

    await user.click(prompt);
    await waitFor(() => expect(server.calls('POST /store-webnotification-token')).toHaveLength(1));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(PUBLIC_KEY) });
    expect(server.calls('POST /store-webnotification-token')[0]?.body).toEqual({ token: SUBSCRIPTION });
    expect(server.calls('POST /store-webnotification-token')[0]?.authorization).toBe('Bearer stored-token-1');

    // The menu stayed open: the answer shows where the learner clicked.
    const menu = within(screen.getByRole('menu'));
    expect(await menu.findByText(PUSH_ENABLED_TEXT)).toBeInTheDocument();
    expect(menu.queryByRole('menuitem', { name: PUSH_PROMPT_TEXT })).not.toBeInTheDocument();
  });

  it('says notifications are blocked, and where to allow them, when the browser refuses', async () => {
    const server = serve();
    requestPermission.mockImplementation(async () => {
      permission = 'denied';
      return permission;
    });
    const { user } = await renderApp('/modules', { user: makeUser() });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const menu = within(await screen.findByRole('menu'));
    await user.click(await menu.findByRole('menuitem', { name: PUSH_PROMPT_TEXT }));
    expect(await menu.findByRole('status')).toHaveTextContent(PUSH_BLOCKED_TEXT);
    expect(menu.queryByRole('menuitem', { name: PUSH_PROMPT_TEXT })).not.toBeInTheDocument();
    expect(subscribe).not.toHaveBeenCalled();
    expect(server.calls('POST /store-webnotification-token')).toHaveLength(0);
  });

  it('does not prompt when permission was given before, and stores the subscription for whoever is signed in', async () => {
    permission = 'granted';
    const server = serve();
    const { user } = await renderApp('/modules', { user: makeUser() });
    await waitFor(() => expect(server.calls('POST /store-webnotification-token')).toHaveLength(1));
    expect(requestPermission).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getByRole('menuitem', { name: 'See all notifications' })).toBeInTheDocument();
    expect(menu.queryByRole('menuitem', { name: PUSH_PROMPT_TEXT })).not.toBeInTheDocument();
  });

  it('offers nothing where the browser has no push', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    serve();
    const { user } = await renderApp('/modules', { user: makeUser() });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getByRole('menuitem', { name: 'See all notifications' })).toBeInTheDocument();
    expect(menu.queryByRole('menuitem', { name: PUSH_PROMPT_TEXT })).not.toBeInTheDocument();
  });

  it('opens the page of a clicked system notification in the open tab (the service worker asks)', async () => {
    serve();
    const { location } = await renderApp('/modules', { user: makeUser() });
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(workerListeners.length).toBeGreaterThan(0));
    act(() => {
      for (const listener of workerListeners) {
        listener(new MessageEvent('message', { data: { type: 'something-else', url: '/profile' } }));
        listener(new MessageEvent('message', { data: { type: SW_NAVIGATE_MESSAGE, url: '/notifications' } }));
      }
    });
    await waitFor(() => expect(location()).toBe('/notifications'));
  });
});

import { PushSubscriptionSchema, storeWebNotificationToken, webPushPublicKey } from '@clearspeak/contract';
import { call } from '@/lib/api';

// Issue 5: a closed tab still learns that the coach replied (Web Push through public/sw.js).
// The browser asks for permission only after the learner clicks the prompt, never on load.

export const SERVICE_WORKER_URL = '/sw.js';
/** What the service worker posts to an open page when its system notification is clicked. */
export const SW_NAVIGATE_MESSAGE = 'clearspeak:navigate';

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'PushManager' in window &&
    'serviceWorker' in navigator
  );
}

/** Registers the service worker in production builds (development serves no push). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(SERVICE_WORKER_URL).catch((error: unknown) => {
    console.warn('Service worker registration failed', error);
  });
}

/** The page's service worker registration, if one was made (see registerServiceWorker). */
export async function currentRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!isPushSupported()) return undefined;
  return navigator.serviceWorker.getRegistration();
}

export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/**
 * Subscribes this browser with the server's VAPID key (replacing a subscription made with an
 * older key) and stores it for the signed-in user (`POST /store-webnotification-token`).
 * Needs the permission already granted.
 */
export async function subscribeToPush(registration: ServiceWorkerRegistration): Promise<void> {
  const { public_key: publicKey } = await call(webPushPublicKey, {});
  const key = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await call(storeWebNotificationToken, { token: PushSubscriptionSchema.parse(subscription.toJSON()) });
}

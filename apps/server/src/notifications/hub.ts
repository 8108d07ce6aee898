import { EventEmitter } from 'node:events';
import type { Notification } from '@clearspeak/contract';

/**
 * What travels between the place a notification is created and every open stream of its user:
 * a new notification, or (notification null) only "the unread count changed" (one was read).
 */
export interface HubMessage {
  userId: number;
  notification: Notification | null;
}

export type HubListener = (message: HubMessage) => void;

/**
 * Fans notifications out to the open streams. In-process with the embedded database; across
 * instances through PostgreSQL LISTEN/NOTIFY (DESIGN.md "Scale-out").
 */
export interface NotificationHub {
  publish(message: HubMessage): Promise<void>;
  /** Listens to one user's messages; returns the unsubscribe. */
  subscribe(userId: number, listener: HubListener): () => void;
  close(): Promise<void>;
}

/** One process: an EventEmitter keyed by user id. */
export function createInProcessHub(): NotificationHub {
  const emitter = new EventEmitter();
  // One listener per open tab; a busy user may have many.
  emitter.setMaxListeners(0);
  return {
    async publish(message) {
      emitter.emit(String(message.userId), message);
    },
    subscribe(userId, listener) {
      emitter.on(String(userId), listener);
      return () => emitter.off(String(userId), listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
